# Wrong: scales by sqrt of the key length L_k instead of sqrt(d_k).
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(k.size(-2))
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    attn = torch.softmax(scores, dim=-1)
    return torch.matmul(attn, v)
