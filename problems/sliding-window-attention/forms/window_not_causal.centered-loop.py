# Wrong: the loop takes keys on both sides of the query.

import torch


def sliding_window_attention(q, k, v, window):
    L = q.shape[-2]
    allowed = torch.zeros(L, L, dtype=torch.bool)
    for i in range(L):
        lo, hi = max(0, i - window + 1), min(L, i + window)
        allowed[i, lo:hi] = True
    scores = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5
    scores = scores.masked_fill(~allowed, -1e9)
    return torch.softmax(scores, dim=-1) @ v
