# Wrong: masked_fill(mask, ...) blocks where the mask is True, but True means "may attend".
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask, -1e9)
    return torch.softmax(scores, dim=-1) @ v
