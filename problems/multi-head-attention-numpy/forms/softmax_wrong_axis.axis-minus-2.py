# Wrong: each head's softmax runs over axis -2 (the query axis) instead of the key axis.
import numpy as np


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    heads = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])
        heads.append(softmax(scores, axis=-2) @ v)
    return np.concatenate(heads, axis=-1) @ wo
