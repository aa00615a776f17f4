"""Mistral's first reference implementation (mistral-src, one_file_ref.py): a tensor of ones,
tril for causality, triu to make it banded, then torch.log so kept entries become 0 and the
rest -inf, added to the scores. Adapted to the contract: mistral-src used
triu(diagonal=-sliding_window), which keeps sliding_window + 1 keys; here the window counts
the query itself, so the diagonal is -(window - 1)."""

import math

import torch


def sliding_window_attention(q, k, v, window):
    seqlen = q.shape[-2]
    tensor = torch.full((seqlen, seqlen), fill_value=1.0, dtype=q.dtype)
    mask = torch.tril(tensor, diagonal=0)
    # make the mask banded to account for sliding window
    mask = torch.triu(mask, diagonal=-(window - 1))
    mask = torch.log(mask)  # 1 -> 0, 0 -> -inf
    scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(q.shape[-1])
    scores = scores + mask[None, None, :, :]
    scores = torch.softmax(scores.float(), dim=-1).type_as(q)
    return torch.matmul(scores, v)
