# Wrong: scales every head's scores by 1/sqrt(d_model) instead of 1/sqrt(d_k).
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    d_model = x.shape[-1]
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(d_model)
        heads.append(softmax(scores) @ v)
    return np.concatenate(heads, axis=-1) @ wo
