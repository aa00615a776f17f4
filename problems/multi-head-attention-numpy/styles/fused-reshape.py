"""The per-head matrices concatenated into one [d_model, d_model] projection, then the usual
reshape [B, L, h, d_k] + transpose to [B, h, L, d_k]: what a fused implementation does."""

import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads

    def project(weights):
        fused = np.concatenate(weights, axis=1)  # head i owns columns i*d_k:(i+1)*d_k
        return (x @ fused).reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)

    q, k, v = project(wq), project(wk), project(wv)
    scores = np.matmul(q, k.transpose(0, 1, 3, 2)) / np.sqrt(d_k)  # [B, h, L, L]
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True)
    out = np.matmul(weights, v)  # [B, h, L, d_k]
    out = out.transpose(0, 2, 1, 3).reshape(B, L, d_model)
    return np.matmul(out, wo)
