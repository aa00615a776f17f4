# Wrong: takes the scale from v's last dimension (sqrt(d_v)) instead of sqrt(d_k).
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d = v.shape[-1]
    scores = q @ np.swapaxes(k, 1, 2) / np.sqrt(d)
    if mask is not None:
        scores = scores - 1e9 * mask
    weights = np.exp(scores - scores.max(axis=2, keepdims=True))
    weights = weights / weights.sum(axis=2, keepdims=True)
    return weights @ v, weights
