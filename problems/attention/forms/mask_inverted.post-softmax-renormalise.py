# Wrong: after the softmax, zeroes the allowed weights (keeps ~mask) and renormalises.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights * (~mask).float()
        weights = weights / weights.sum(dim=-1, keepdim=True).clamp_min(1e-9)
    return weights @ v
