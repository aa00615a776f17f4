# Wrong: concatenated projections split into heads correctly, but the scores are never scaled.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    d_k = d_model // num_heads
    Q = x @ np.concatenate(wq, axis=1)
    K = x @ np.concatenate(wk, axis=1)
    V = x @ np.concatenate(wv, axis=1)

    def split(t):
        return t.reshape(B, L, num_heads, d_k).transpose(0, 2, 1, 3)

    Q, K, V = split(Q), split(K), split(V)
    scores = Q @ K.transpose(0, 1, 3, 2)
    w = np.exp(scores - scores.max(-1, keepdims=True))
    w = w / w.sum(-1, keepdims=True)
    out = (w @ V).transpose(0, 2, 1, 3).reshape(B, L, d_model)
    return out @ wo
