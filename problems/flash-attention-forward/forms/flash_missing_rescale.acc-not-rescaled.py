import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    lq, d = q.shape
    lk = k.shape[0]
    out = np.zeros((lq, v.shape[1]))
    for i in range(0, lq, block_size):
        qi = q[i : i + block_size] / np.sqrt(d)
        m = np.full(len(qi), -np.inf)
        ell = np.zeros(len(qi))
        o = np.zeros((len(qi), v.shape[1]))
        for j in range(0, lk, block_size):
            s = qi @ k[j : j + block_size].T
            if causal:
                qpos = np.arange(i, i + len(qi))[:, None]
                kpos = np.arange(j, j + s.shape[1])[None, :]
                s = np.where(kpos > qpos, -np.inf, s)
            m_new = np.maximum(m, s.max(axis=1))
            p = np.exp(s - m_new[:, None])
            ell = np.exp(m - m_new) * ell + p.sum(axis=1)
            o = o + p @ v[j : j + block_size]
            m = m_new
        out[i : i + len(qi)] = o / ell[:, None]
    return out
