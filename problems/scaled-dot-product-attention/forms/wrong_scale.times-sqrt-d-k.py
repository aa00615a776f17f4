# Wrong: multiplies the scores by sqrt(d_k) instead of dividing.
import math

import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = np.einsum("bid,bjd->bij", q, k) * math.sqrt(d_k)
    if mask is not None:
        scores = scores + mask * -1e9
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    attn = e / e.sum(axis=-1, keepdims=True)
    return attn @ v, attn
