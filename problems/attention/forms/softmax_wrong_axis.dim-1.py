# Wrong: softmax over dim=1 (the query axis for 3-D inputs, the head axis for 4-D ones).
import math

import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = q.matmul(k.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    p_attn = F.softmax(scores, dim=1)
    return p_attn.matmul(v)
