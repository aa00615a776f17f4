# Wrong: position_ids = arange(max_len), never restarted at a document boundary.
import torch


def pack_documents(docs, max_len, pad_id=0):
    doc = torch.cat([torch.full((len(x),), i) for i, x in enumerate(docs)])[:max_len]
    tokens = torch.cat(list(docs))[:max_len]
    n_pad = max_len - len(tokens)
    input_ids = torch.cat([tokens, torch.full((n_pad,), pad_id)])
    doc = torch.cat([doc, len(docs) + torch.arange(n_pad)])
    labels = torch.full((max_len,), -100)
    labels[:-1] = torch.where(doc[1:] == doc[:-1], input_ids[1:], -100)
    position_ids = torch.arange(max_len)
    i = torch.arange(max_len)
    mask = (doc[:, None] == doc[None, :]) & (i[None, :] <= i[:, None])
    return input_ids, labels, position_ids, mask
