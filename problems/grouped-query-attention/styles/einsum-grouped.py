"""The memory-saving way GQA kernels see it: fold the query heads into [B, Hkv, g, Lq, d] and
contract each group against its one kv head with einsum, never materialising repeated keys
or values (as in the GQA paper's description and several JAX implementations)."""

import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    b, hq, lq, d = q.shape
    hkv = k.shape[1]
    g = hq // hkv
    qg = q.reshape(b, hkv, g, lq, d)  # head h = kv * g + j, so kv = h // g
    scores = torch.einsum("bkgqd,bksd->bkgqs", qg, k) / math.sqrt(d)  # [B, Hkv, g, Lq, Lk]
    if mask is not None:
        m = mask.expand(b, hq, lq, k.shape[2])  # a 2-D mask gains the leading axes
        scores = scores.masked_fill(~m.reshape(b, hkv, g, lq, -1), -1e9)
    weights = scores.softmax(dim=-1)
    out = torch.einsum("bkgqs,bksd->bkgqd", weights, v)  # [B, Hkv, g, Lq, d]
    return out.reshape(b, hq, lq, d)
