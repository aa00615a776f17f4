"""nanoGPT's causal mask (`torch.tril(torch.ones(T, T)).view(1, 1, T, T)`, filled with -inf
where it is 0), narrowed to a window by subtracting a second tril: keys more than
window - 1 steps back are those of tril(ones, diagonal=-window)."""

import math

import torch
from torch.nn import functional as F


def sliding_window_attention(q, k, v, window):
    T = q.size(2)
    bias = torch.tril(torch.ones(T, T)) - torch.tril(torch.ones(T, T), diagonal=-window)
    bias = bias.view(1, 1, T, T)
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
    att = att.masked_fill(bias == 0, float("-inf"))
    att = F.softmax(att, dim=-1)
    return att @ v
