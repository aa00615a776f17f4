# Wrong: computes the 1/sqrt(d_k) factor but never multiplies the scores by it.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scale = 1.0 / np.sqrt(d_k)  # noqa: F841
    scores = np.matmul(q, np.swapaxes(k, -1, -2))
    if mask is not None:
        scores += -1e9 * mask
    scores_max = np.max(scores, axis=-1, keepdims=True)
    weights = np.exp(scores - scores_max)
    weights /= np.sum(weights, axis=-1, keepdims=True)
    output = np.matmul(weights, v)
    return output, weights
