# Wrong: fills the band (the allowed keys) instead of the blocked ones.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.size(-2)
    i = torch.arange(L)[:, None]
    j = torch.arange(L)[None, :]
    allowed = (j <= i) & (j > i - window)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    scores = scores.masked_fill(allowed, -1e9)
    return torch.softmax(scores, dim=-1) @ v
