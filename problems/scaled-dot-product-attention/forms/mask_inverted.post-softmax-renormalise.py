# Wrong: after the softmax, keeps the weights where mask is 1 (blocked) and renormalises.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    if mask is not None:
        weights = weights * mask
        weights = weights / (weights.sum(axis=-1, keepdims=True) + 1e-9)
    return weights @ v, weights
