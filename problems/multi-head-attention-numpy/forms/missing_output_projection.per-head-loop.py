# Wrong: concatenates the heads but never multiplies by wo.
import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])
        heads.append(softmax(scores) @ v)
    return np.concatenate(heads, axis=-1)
