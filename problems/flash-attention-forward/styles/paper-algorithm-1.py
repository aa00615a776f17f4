"""FlashAttention (Dao et al., 2022), Algorithm 1: keys and values in the outer loop, query
tiles inside, the output kept normalised and rescaled with diag(l_new)^-1 at every step.

Adapted to one head in NumPy, with the problem's block_size and causal flag.
"""

import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    N, d = q.shape
    M = k.shape[0]
    out = np.zeros((N, v.shape[1]))
    ell = np.zeros(N)
    m = np.full(N, -np.inf)
    tau = 1.0 / np.sqrt(d)
    for j in range(0, M, block_size):
        Kj, Vj = k[j : j + block_size], v[j : j + block_size]
        for i in range(0, N, block_size):
            Qi = q[i : i + block_size]
            S = tau * (Qi @ Kj.T)
            if causal:
                blocked = np.arange(j, j + len(Kj))[None, :] > np.arange(i, i + len(Qi))[:, None]
                if blocked.all():
                    continue  # this tile is above the diagonal for every row
                S = np.where(blocked, -np.inf, S)
            m_tilde = S.max(axis=1)
            P_tilde = np.exp(S - m_tilde[:, None])
            l_tilde = P_tilde.sum(axis=1)
            mi, li = m[i : i + len(Qi)], ell[i : i + len(Qi)]
            m_new = np.maximum(mi, m_tilde)
            l_new = np.exp(mi - m_new) * li + np.exp(m_tilde - m_new) * l_tilde
            out[i : i + len(Qi)] = (
                (li * np.exp(mi - m_new))[:, None] * out[i : i + len(Qi)]
                + np.exp(m_tilde - m_new)[:, None] * (P_tilde @ Vj)
            ) / l_new[:, None]
            m[i : i + len(Qi)] = m_new
            ell[i : i + len(Qi)] = l_new
    return out
