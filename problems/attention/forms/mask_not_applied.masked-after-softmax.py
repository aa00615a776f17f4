# Wrong: masks the scores only after the softmax has already been computed from them.
import math

import torch.nn.functional as F


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    p = F.softmax(scores, dim=-1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return p @ v
