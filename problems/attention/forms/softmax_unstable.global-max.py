# Wrong: shifts by the global max of all scores, not each row's max; other rows underflow to 0/0.
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    e = (scores - scores.max()).exp()
    return torch.matmul(e / e.sum(-1, keepdim=True), v)
