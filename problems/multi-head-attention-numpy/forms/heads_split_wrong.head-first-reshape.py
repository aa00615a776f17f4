# Wrong: reshapes the projections straight to [B, h, L, d_k] (no transpose), mixing positions.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads
    Q = (x @ np.concatenate(wq, axis=-1)).reshape(B, num_heads, L, d_k)
    K = (x @ np.concatenate(wk, axis=-1)).reshape(B, num_heads, L, d_k)
    V = (x @ np.concatenate(wv, axis=-1)).reshape(B, num_heads, L, d_k)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(d_k)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    attn = e / e.sum(axis=-1, keepdims=True)
    out = (attn @ V).reshape(B, L, d_model)
    return out @ wo
