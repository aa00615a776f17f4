# Wrong: .repeat tiles the kv heads [a, b, a, b], so query head h reads kv head h % Hkv.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    n_rep = q.shape[1] // k.shape[1]
    k = k.repeat(1, n_rep, 1, 1)
    v = v.repeat(1, n_rep, 1, 1)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    return torch.matmul(scores.softmax(-1), v)
