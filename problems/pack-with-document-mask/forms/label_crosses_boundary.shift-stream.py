# Wrong: labels = the packed stream shifted by one, so a document's last token is labelled
# with the next document's first token.
import torch


def pack_documents(docs, max_len, pad_id=0):
    tokens = torch.cat(list(docs))[:max_len]
    n_real = tokens.numel()
    input_ids = torch.cat([tokens, torch.full((max_len - n_real,), pad_id)])
    labels = torch.full((max_len,), -100)
    labels[: n_real - 1] = tokens[1:]
    doc = torch.cat([torch.full((len(x),), i) for i, x in enumerate(docs)])[:max_len]
    doc = torch.cat([doc, len(docs) + torch.arange(max_len - n_real)])
    idx = torch.arange(max_len)
    is_start = torch.ones(max_len, dtype=torch.bool)
    is_start[1:] = doc[1:] != doc[:-1]
    position_ids = idx - torch.cummax(torch.where(is_start, idx, 0), 0).values
    mask = (doc[:, None] == doc[None, :]) & (idx[None, :] <= idx[:, None])
    return input_ids, labels, position_ids, mask
