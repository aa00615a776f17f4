import math

import torch
from torch import Tensor


def grouped_query_attention(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
    hq, hkv = q.size(1), k.size(1)
    group = hq // hkv  # query heads that share one key/value head
    # Repeat each kv head `group` times in place: heads [a, b] -> [a, a, b, b], so query
    # head h lands on kv head h // group. (.repeat would tile [a, b, a, b]: wrong heads.)
    k = k.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]
    v = v.repeat_interleave(group, dim=1)  # [B, Hq, Lk, d]

    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))  # [B, Hq, Lq, Lk]
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)  # False = blocked
    weights = torch.softmax(scores, dim=-1)  # each query's row sums to 1
    return weights @ v  # [B, Hq, Lq, d]
