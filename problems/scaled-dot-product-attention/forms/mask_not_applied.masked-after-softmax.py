# Wrong: applies the mask to the scores only after the softmax has already been taken.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(k.shape[-1])
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = weights / weights.sum(axis=-1, keepdims=True)
    if mask is not None:
        scores = scores + mask * -1e9
    return weights @ v, weights
