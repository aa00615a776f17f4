# Wrong: the additive mask is -1e9 on the band, 0 elsewhere.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.size(-2)
    ones = torch.ones(L, L)
    band = torch.tril(ones) * torch.triu(ones, diagonal=1 - window)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    return torch.softmax(scores + band * -1e9, dim=-1) @ v
