# Wrong: divides by a hard-coded 8 (sqrt(64) from the paper) instead of sqrt(d_k).
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ k.swapaxes(-1, -2) / 8.0
    if mask is not None:
        scores = scores + mask * -1e9
    scores -= scores.max(-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(-1, keepdims=True)
    return weights @ v, weights
