# Wrong: the pad positions' labels are set to pad_id with torch.where.
import torch


def pack_documents(docs, max_len, pad_id=0):
    doc = torch.cat([torch.full((len(x),), i) for i, x in enumerate(docs)])[:max_len]
    tokens = torch.cat(list(docs))[:max_len]
    n_pad = max_len - len(tokens)
    input_ids = torch.cat([tokens, torch.full((n_pad,), pad_id)])
    is_pad = torch.arange(max_len) >= len(tokens)
    doc = torch.cat([doc, len(docs) + torch.arange(n_pad)])
    labels = torch.full((max_len,), -100)
    labels[:-1] = torch.where(doc[1:] == doc[:-1], input_ids[1:], -100)
    labels = torch.where(is_pad, torch.full_like(labels, pad_id), labels)
    idx = torch.arange(max_len)
    is_start = torch.ones(max_len, dtype=torch.bool)
    is_start[1:] = doc[1:] != doc[:-1]
    position_ids = idx - torch.cummax(torch.where(is_start, idx, 0), 0).values
    mask = (doc[:, None] == doc[None, :]) & (idx[None, :] <= idx[:, None])
    return input_ids, labels, position_ids, mask
