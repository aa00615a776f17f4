import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    outs = []
    for h in range(num_heads):
        q, k, v = x @ wq[h], x @ wk[h], x @ wv[h]
        s = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])
        s = np.exp(s - s.max(-1, keepdims=True))
        outs.append((s / s.sum(-1, keepdims=True)) @ v)
    return np.concatenate(outs, axis=-1) @ wo
