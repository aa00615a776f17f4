# Wrong: clamps the scores to [-50, 50] instead of subtracting the row max; wrong on large logits.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    scores = torch.clamp(scores, -50, 50)
    e = torch.exp(scores)
    return (e / e.sum(dim=-1, keepdim=True)) @ v
