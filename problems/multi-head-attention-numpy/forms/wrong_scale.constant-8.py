# Wrong: divides by a hard-coded 8 instead of sqrt(d_k).
import numpy as np


def softmax(z):
    z = z - np.max(z, axis=-1, keepdims=True)
    return np.exp(z) / np.sum(np.exp(z), axis=-1, keepdims=True)


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    heads = [
        softmax((x @ wq[i]) @ (x @ wk[i]).swapaxes(-1, -2) / 8.0) @ (x @ wv[i])
        for i in range(num_heads)
    ]
    return np.concatenate(heads, axis=-1) @ wo
