"""2-D only: loops over the batch and the heads, each head written into its column block."""

import math

import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    batch, seq_len, d_model = x.shape
    d_k = d_model // num_heads
    out = np.zeros((batch, seq_len, d_model))
    for b in range(batch):
        xb = x[b]  # [L, d_model]
        concat = np.zeros((seq_len, d_model))
        for i in range(num_heads):
            q = xb.dot(wq[i])
            k = xb.dot(wk[i])
            v = xb.dot(wv[i])
            s = q.dot(k.T) / math.sqrt(d_k)
            s = s - s.max(axis=1)[:, None]
            p = np.exp(s)
            p = p / p.sum(axis=1)[:, None]
            concat[:, i * d_k : (i + 1) * d_k] = p.dot(v)
        out[b] = concat.dot(wo)
    return out
