# Wrong: divides the scores by d_model instead of sqrt(d_k).
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    d_model = x.shape[-1]
    Q = np.einsum("bld,hdk->hblk", x, np.array(wq))
    K = np.einsum("bld,hdk->hblk", x, np.array(wk))
    V = np.einsum("bld,hdk->hblk", x, np.array(wv))
    scores = Q @ np.swapaxes(K, -1, -2) / d_model
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = weights / weights.sum(axis=-1, keepdims=True)
    heads = weights @ V  # [h, B, L, d_k]
    return np.concatenate(list(heads), axis=-1) @ wo
