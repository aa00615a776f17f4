# Wrong: builds the masked scores in a new variable but takes the softmax of the unmasked ones.
import numpy as np


def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
    masked = scores
    if mask is not None:
        masked = scores + mask * -1e9  # noqa: F841
    weights = softmax(scores)
    out = weights @ v
    return out, weights
