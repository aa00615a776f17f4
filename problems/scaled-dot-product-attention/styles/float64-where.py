"""float64 throughout, blocked scores replaced (np.where) rather than added to, math.sqrt."""

import math

import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    q = np.asarray(q, dtype=np.float64)
    k = np.asarray(k, dtype=np.float64)
    v = np.asarray(v, dtype=np.float64)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask == 1, -1e9, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attn = np.exp(scores)
    attn = attn / attn.sum(axis=-1, keepdims=True)
    return attn @ v, attn
