# Wrong: dim=1 normalises across the heads.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    g = q.size(1) // k.size(1)
    k = k.repeat_interleave(g, dim=1)
    v = v.repeat_interleave(g, dim=1)
    scores = torch.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    return torch.einsum("bhqk,bhkd->bhqd", scores.softmax(dim=1), v)
