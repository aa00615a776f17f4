# Wrong: softmax over axis 1, which for [B, Lq, Lk] scores is the query axis, not the key axis.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scale = np.sqrt(k.shape[-1])
    scores = q @ k.transpose(0, 2, 1) / scale
    if mask is not None:
        scores -= 1e9 * mask
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ v, weights
