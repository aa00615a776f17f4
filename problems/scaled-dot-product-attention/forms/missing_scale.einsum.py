# Wrong: einsum scores without the 1/sqrt(d_k) scale.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = np.einsum("bqd,bkd->bqk", q, k)
    if mask is not None:
        scores = np.where(mask == 1, -1e9, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attn = np.exp(scores)
    attn = attn / attn.sum(axis=-1, keepdims=True)
    out = np.einsum("bqk,bkd->bqd", attn, v)
    return out, attn
