# Wrong: scales by sqrt of the sequence length L instead of sqrt(d_k).
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    B, L, d_model = x.shape
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        heads.append(softmax(q @ k.transpose(0, 2, 1) / np.sqrt(L)) @ v)
    return np.concatenate(heads, axis=-1) @ wo
