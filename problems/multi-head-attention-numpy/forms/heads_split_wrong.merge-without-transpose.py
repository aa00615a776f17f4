# Wrong: splits the heads correctly but merges [B, h, L, d_k] back with a reshape, no transpose.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads

    def split(w):
        return (x @ np.concatenate(w, axis=1)).reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)

    q, k, v = split(wq), split(wk), split(wv)
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = scores / scores.sum(axis=-1, keepdims=True)
    out = weights @ v  # [B, h, L, d_k]
    return out.reshape(B, L, d_model) @ wo
