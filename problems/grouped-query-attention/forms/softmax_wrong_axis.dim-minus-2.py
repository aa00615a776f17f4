# Wrong: softmax over the query axis.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    g = q.size(1) // k.size(1)
    k = k.repeat_interleave(g, dim=1)
    v = v.repeat_interleave(g, dim=1)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-2) @ v
