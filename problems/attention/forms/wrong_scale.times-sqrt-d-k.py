# Wrong: multiplies the scores by sqrt(d_k) instead of dividing by it.
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.einsum("...id,...jd->...ij", q, k) * math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    weights = scores.softmax(-1)
    return torch.einsum("...ij,...jd->...id", weights, v)
