# Wrong: pads are blocked as queries too, so a pad's row is all False (softmax gives nan).
import torch


def pack_documents(docs, max_len, pad_id=0):
    doc = torch.cat([torch.full((len(x),), i) for i, x in enumerate(docs)])[:max_len]
    tokens = torch.cat(list(docs))[:max_len]
    n_pad = max_len - len(tokens)
    input_ids = torch.cat([tokens, torch.full((n_pad,), pad_id)])
    doc = torch.cat([doc, torch.full((n_pad,), -1)])  # -1: padding
    real = doc >= 0
    idx = torch.arange(max_len)
    is_start = torch.ones(max_len, dtype=torch.bool)
    is_start[1:] = doc[1:] != doc[:-1]
    position_ids = (idx - torch.cummax(torch.where(is_start, idx, 0), 0).values) * real
    labels = torch.full((max_len,), -100)
    labels[:-1] = torch.where((doc[1:] == doc[:-1]) & real[1:], input_ids[1:], -100)
    mask = (doc[:, None] == doc[None, :]) & (idx[None, :] <= idx[:, None])
    mask = mask & real[:, None] & real[None, :]
    return input_ids, labels, position_ids, mask
