# Wrong: masked_fill(mask == 1, -inf) blocks the True positions, which are the allowed ones.
import math

import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d_k = q.size(-1)
    scores = q.matmul(k.transpose(-2, -1)).div(math.sqrt(d_k))
    if mask is not None:
        scores = scores.masked_fill(mask == 1, float("-inf"))
    return F.softmax(scores, dim=-1).matmul(v)
