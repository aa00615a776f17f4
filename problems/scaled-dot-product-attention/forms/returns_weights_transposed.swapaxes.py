# Wrong: returns the attention weights as [B, Lk, Lq] (swapaxes) instead of [B, Lq, Lk].
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ v, np.swapaxes(weights, -1, -2)
