# Wrong: i - j <= window lets window + 1 keys in.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.size(-2)
    i = torch.arange(L).view(-1, 1)
    j = torch.arange(L).view(1, -1)
    mask = (j <= i) & (i - j <= window)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    scores = scores.masked_fill(~mask, -1e9)
    return torch.softmax(scores, dim=-1) @ v
