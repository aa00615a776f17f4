# Wrong: computes the scale factor but never applies it to the scores.
import math

import torch


def attention(q, k, v, mask=None):
    d_k = q.size(-1)
    scale = 1 / math.sqrt(d_k)  # noqa: F841
    scores = torch.matmul(q, k.mT)
    if mask is not None:
        scores = torch.where(mask, scores, torch.full_like(scores, -1e9))
    p = scores.softmax(dim=-1)
    return torch.matmul(p, v)
