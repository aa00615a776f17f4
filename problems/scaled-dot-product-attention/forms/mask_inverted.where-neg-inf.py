# Wrong: fills -inf where mask == 0, i.e. blocks the allowed positions and keeps the blocked ones.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask == 0, -np.inf, scores)
    m = np.max(scores, axis=-1, keepdims=True)
    e = np.exp(scores - m)
    weights = e / np.sum(e, axis=-1, keepdims=True)
    return np.einsum("bqk,bkd->bqd", weights, v), weights
