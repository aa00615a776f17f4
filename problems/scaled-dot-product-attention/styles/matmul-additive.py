"""np.matmul with k.transpose(0, 2, 1), the mask added in place as mask * -1e9, softmax helper."""

import numpy as np


def softmax(x, axis=-1):
    x = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(x)
    return e / np.sum(e, axis=axis, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = k.shape[-1]
    scores = np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(d_k)  # [B, Lq, Lk]
    if mask is not None:
        scores += mask * -1e9  # broadcasts [Lq, Lk] / [B, 1, Lk] / [B, Lq, Lk]
    weights = softmax(scores, axis=-1)
    output = np.matmul(weights, v)
    return output, weights
