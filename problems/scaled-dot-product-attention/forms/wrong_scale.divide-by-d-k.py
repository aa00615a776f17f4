# Wrong: divides the scores by d_k instead of sqrt(d_k).
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / d_k
    if mask is not None:
        scores = scores + mask * -1e9
    weights = softmax(scores)
    return weights @ v, weights
