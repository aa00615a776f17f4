# Wrong: the scale is computed and then forgotten.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    b, hq, lq, d = q.shape
    hkv = k.shape[1]
    scale = 1 / math.sqrt(d)  # noqa: F841
    qg = q.view(b, hkv, hq // hkv, lq, d)
    scores = torch.einsum("bkgqd,bksd->bkgqs", qg, k).reshape(b, hq, lq, -1)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-1e9"))
    w = scores.softmax(dim=-1).view(b, hkv, hq // hkv, lq, -1)
    return torch.einsum("bkgqs,bksd->bkgqd", w, v).reshape(b, hq, lq, d)
