import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    n = q.shape[0]
    q = q / np.sqrt(q.shape[1])
    qi = np.arange(n)[:, None]
    m = np.full((n, 1), -np.inf)
    den = np.zeros((n, 1))
    num = np.zeros((n, v.shape[1]))
    for j in range(0, k.shape[0], block_size):
        s = q @ k[j : j + block_size].T
        if causal:
            kj = np.arange(j, j + s.shape[1])[None, :]
            s = np.where(kj < qi, s, -np.inf)  # "earlier keys only"
        m2 = np.maximum(m, s.max(axis=1, keepdims=True))
        p = np.exp(s - m2)
        den = den * np.exp(m - m2) + p.sum(axis=1, keepdims=True)
        num = num * np.exp(m - m2) + p @ v[j : j + block_size]
        m = m2
    return num / den
