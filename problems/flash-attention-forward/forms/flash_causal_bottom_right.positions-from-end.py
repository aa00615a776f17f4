import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    """Queries are the newest tokens: their positions are the last Lq key positions."""
    n_q, n_k = q.shape[0], k.shape[0]
    q_pos = np.arange(n_k - n_q, n_k)
    q = q * q.shape[1] ** -0.5
    m = np.full(n_q, -np.inf)
    ell = np.zeros(n_q)
    o = np.zeros((n_q, v.shape[1]))
    for j in range(0, n_k, block_size):
        s = q @ k[j : j + block_size].T
        if causal:
            s[np.arange(j, j + s.shape[1])[None, :] > q_pos[:, None]] = -np.inf
        m_new = np.maximum(m, s.max(1))
        p = np.exp(s - m_new[:, None])
        c = np.exp(m - m_new)
        ell = c * ell + p.sum(1)
        o = c[:, None] * o + p @ v[j : j + block_size]
        m = m_new
    return o / ell[:, None]
