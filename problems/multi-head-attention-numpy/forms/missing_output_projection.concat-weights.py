# Wrong: splits and merges the heads correctly but forgets the final @ wo.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads
    Q = (x @ np.hstack(wq)).reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)
    K = (x @ np.hstack(wk)).reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)
    V = (x @ np.hstack(wv)).reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)
    scores = Q @ K.transpose(0, 1, 3, 2) / np.sqrt(d_k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attn = np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True)
    out = attn @ V
    return out.transpose(0, 2, 1, 3).reshape(B, L, d_model)
