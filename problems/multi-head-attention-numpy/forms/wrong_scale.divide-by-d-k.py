# Wrong: divides each head's scores by d_k instead of sqrt(d_k).
import numpy as np


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    outs = []
    for h in range(num_heads):
        q = np.matmul(x, wq[h])
        k = np.matmul(x, wk[h])
        v = np.matmul(x, wv[h])
        d_k = q.shape[-1]
        s = np.matmul(q, np.swapaxes(k, -1, -2)) / d_k
        s = np.exp(s - np.max(s, axis=-1, keepdims=True))
        s = s / np.sum(s, axis=-1, keepdims=True)
        outs.append(np.matmul(s, v))
    return np.matmul(np.concatenate(outs, axis=-1), wo)
