"""The d2l habit of flattening batch and heads for torch.bmm, with the kv heads expanded
by a view-and-expand helper; a typed signature and the mask broadcast to the full shape."""

import math

import torch
from torch import Tensor


def _share_kv(x: Tensor, groups: int) -> Tensor:
    b, h, length, d = x.shape
    return x.unsqueeze(2).expand(b, h, groups, length, d).flatten(1, 2)  # [B, h * groups, L, d]


def grouped_query_attention(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
    b, hq, lq, d = q.shape
    k = _share_kv(k, hq // k.size(1))
    v = _share_kv(v, hq // v.size(1))
    lk = k.size(2)
    scores = torch.bmm(q.reshape(b * hq, lq, d), k.reshape(b * hq, lk, d).transpose(1, 2))
    scores = scores / math.sqrt(d)
    if mask is not None:
        blocked = ~mask.expand(b, hq, lq, lk).reshape(b * hq, lq, lk)
        scores = scores.masked_fill(blocked, -1e9)
    out = torch.bmm(torch.softmax(scores, dim=2), v.reshape(b * hq, lk, d))
    return out.view(b, hq, lq, d)
