# Wrong: softmax over axis -2 (the query axis) instead of the key axis.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    weights = softmax(scores, axis=-2)
    return weights @ v, weights
