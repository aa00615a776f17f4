# Wrong: normalises the exponentiated scores over the whole array, not per query row.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask == 1, -1e9, scores)
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return np.einsum("bqk,bkd->bqd", weights, v), weights
