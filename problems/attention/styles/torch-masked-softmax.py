"""torch.masked.softmax: masked-out entries are excluded from the softmax and get weight 0."""

import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.size(-1))
    if mask is None:
        weights = torch.softmax(scores, dim=-1)
    else:
        keep = torch.broadcast_to(mask, scores.shape)
        weights = torch.masked.softmax(scores, dim=-1, mask=keep)
    return torch.matmul(weights, v)
