import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    lq, d = q.shape
    lk = k.shape[0]
    offset = lk - lq  # the last query lines up with the last key
    out = np.empty((lq, v.shape[1]))
    for q0 in range(0, lq, block_size):
        qb = q[q0 : q0 + block_size] / np.sqrt(d)
        rows = np.arange(q0, q0 + len(qb))
        m = np.full(len(qb), -np.inf)
        ell = np.zeros(len(qb))
        acc = np.zeros((len(qb), v.shape[1]))
        for k0 in range(0, lk, block_size):
            s = qb @ k[k0 : k0 + block_size].T
            if causal:
                cols = np.arange(k0, k0 + s.shape[1])
                s = np.where(cols[None, :] > rows[:, None] + offset, -np.inf, s)
            m_new = np.maximum(m, s.max(1))
            p = np.exp(s - m_new[:, None])
            alpha = np.exp(m - m_new)
            ell = alpha * ell + p.sum(1)
            acc = alpha[:, None] * acc + p @ v[k0 : k0 + block_size]
            m = m_new
        out[q0 : q0 + len(qb)] = acc / ell[:, None]
    return out
