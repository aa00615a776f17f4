# Wrong: calls np.where to mask the scores but throws the result away.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(d_k)
    if mask is not None:
        np.where(mask == 1, -1e9, scores)
    exp = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = exp / exp.sum(axis=-1, keepdims=True)
    return np.matmul(weights, v), weights
