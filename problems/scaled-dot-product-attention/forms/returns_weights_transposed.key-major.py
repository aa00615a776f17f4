# Wrong: computes the weights key-major as [B, Lk, Lq] (softmax over axis -2) and returns them so.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores_t = k @ np.swapaxes(q, -1, -2) / np.sqrt(d_k)  # [B, Lk, Lq]
    if mask is not None:
        scores_t = scores_t + np.swapaxes(mask, -1, -2) * -1e9
    e = np.exp(scores_t - scores_t.max(axis=-2, keepdims=True))
    weights_t = e / e.sum(axis=-2, keepdims=True)
    output = np.swapaxes(weights_t, -1, -2) @ v
    return output, weights_t
