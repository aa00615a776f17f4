# Wrong: scales by sqrt of the key length L_k instead of sqrt(d_k).
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    L_k = k.shape[1]
    scores = np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(L_k)
    if mask is not None:
        scores = np.where(mask.astype(bool), -1e9, scores)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / np.sum(w, axis=-1, keepdims=True)
    return np.matmul(w, v), w
