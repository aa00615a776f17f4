# Wrong: reshapes to [B, L, d_k, h], so each "head" takes every h-th column instead of a block.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads

    def split(t):
        return t.reshape(B, L, d_k, num_heads).transpose(0, 3, 1, 2)  # [B, h, L, d_k]

    def merge(t):
        return t.transpose(0, 2, 3, 1).reshape(B, L, d_model)

    Q = split(x @ np.hstack(wq))
    K = split(x @ np.hstack(wk))
    V = split(x @ np.hstack(wv))
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(d_k)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w /= w.sum(axis=-1, keepdims=True)
    return merge(w @ V) @ wo
