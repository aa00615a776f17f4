# Wrong: softmax over axis 0 (the batch axis) instead of the key axis.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(d_k)
    if mask is not None:
        scores = scores + mask * -1e9
    exp = np.exp(scores - np.max(scores, axis=0, keepdims=True))
    weights = exp / np.sum(exp, axis=0, keepdims=True)
    return np.matmul(weights, v), weights
