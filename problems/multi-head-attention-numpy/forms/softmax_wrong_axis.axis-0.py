# Wrong: normalises the scores over axis 0 (the batch axis) instead of the key axis.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    outs = []
    for h in range(num_heads):
        q, k, v = x @ wq[h], x @ wk[h], x @ wv[h]
        s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
        e = np.exp(s - s.max(axis=0, keepdims=True))
        outs.append((e / e.sum(axis=0, keepdims=True)) @ v)
    return np.concatenate(outs, axis=-1) @ wo
