# Wrong: reshapes to [B, L, h, d_k] without moving h forward, so attention runs across heads.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads
    Q = (x @ np.concatenate(wq, axis=1)).reshape(B, L, num_heads, d_k)
    K = (x @ np.concatenate(wk, axis=1)).reshape(B, L, num_heads, d_k)
    V = (x @ np.concatenate(wv, axis=1)).reshape(B, L, num_heads, d_k)
    scores = Q @ np.swapaxes(K, -1, -2) / np.sqrt(d_k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attn = np.exp(scores)
    attn = attn / attn.sum(axis=-1, keepdims=True)
    return (attn @ V).reshape(B, L, d_model) @ wo
