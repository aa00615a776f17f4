# Wrong: triu(diagonal=-window) keeps window diagonals below the main one.
import math

import torch


def sliding_window_attention(q, k, v, window):
    L = q.shape[2]
    ones = torch.ones(L, L, dtype=torch.bool)
    band = torch.tril(ones) & torch.triu(ones, diagonal=-window)
    att = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(q.shape[3])
    att = att.masked_fill(band == 0, float("-inf"))
    return torch.matmul(att.softmax(-1), v)
