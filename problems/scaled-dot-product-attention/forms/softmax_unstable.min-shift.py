# Wrong: shifts each row by its minimum instead of its maximum, so exp overflows.
import numpy as np


def softmax(z):
    z = z - z.min(axis=-1, keepdims=True)
    ez = np.exp(z)
    return ez / ez.sum(axis=-1, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    weights = softmax(scores)
    return weights @ v, weights
