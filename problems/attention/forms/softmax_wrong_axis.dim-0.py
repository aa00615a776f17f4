# Wrong: softmax over dim=0 (the batch axis) instead of the key axis.
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = scores.softmax(dim=0)
    return torch.matmul(weights, v)
