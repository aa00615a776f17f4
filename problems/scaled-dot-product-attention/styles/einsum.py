"""einsum, float32 throughout, mask applied with np.where and -inf."""

import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    q, k, v = (a.astype(np.float32) for a in (q, k, v))
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.float32(np.sqrt(q.shape[-1]))
    if mask is not None:
        scores = np.where(mask.astype(bool), -np.inf, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return np.einsum("bqk,bkd->bqd", weights, v), weights
