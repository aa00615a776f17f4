# Wrong: centres each row on its mean instead of its max, so large logits still overflow.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    scores = scores - scores.mean(axis=-1, keepdims=True)
    exp_scores = np.exp(scores)
    weights = exp_scores / exp_scores.sum(axis=-1, keepdims=True)
    return weights @ v, weights
