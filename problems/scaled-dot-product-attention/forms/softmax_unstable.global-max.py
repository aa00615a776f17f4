# Wrong: shifts by the global max of all scores, not each row's max; other rows underflow to 0/0.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d_k)
    if mask is not None:
        scores = scores + mask * -1e9
    e = np.exp(scores - np.max(scores))
    weights = e / np.sum(e, axis=-1, keepdims=True)
    return np.matmul(weights, v), weights
