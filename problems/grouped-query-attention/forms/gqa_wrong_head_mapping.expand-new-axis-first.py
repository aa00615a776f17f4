# Wrong: the new repeat axis goes before the kv-head axis, so heads come out as h % Hkv.

import torch


def grouped_query_attention(q, k, v, mask=None):
    b, hq, lq, d = q.shape
    hkv, lk = k.shape[1], k.shape[2]
    group = hq // hkv
    k = k[:, None].expand(b, group, hkv, lk, d).reshape(b, hq, lk, d)
    v = v[:, None].expand(b, group, hkv, lk, d).reshape(b, hq, lk, d)
    scores = q @ k.transpose(-1, -2) * d**-0.5
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v
