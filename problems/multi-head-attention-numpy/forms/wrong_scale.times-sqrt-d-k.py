# Wrong: multiplies the scores by sqrt(d_k) instead of dividing.
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    head_outputs = []
    for i in range(num_heads):
        q, k, v = x @ wq[i], x @ wk[i], x @ wv[i]
        d_k = q.shape[-1]
        scores = q @ k.transpose(0, 2, 1) * np.sqrt(d_k)
        scores -= scores.max(axis=-1, keepdims=True)
        w = np.exp(scores)
        w /= w.sum(axis=-1, keepdims=True)
        head_outputs.append(w @ v)
    return np.concatenate(head_outputs, axis=-1) @ wo
