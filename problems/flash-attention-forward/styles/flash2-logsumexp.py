"""FlashAttention-2 (Dao, 2023), Algorithm 1: query tiles in the outer loop, an
unnormalised accumulator divided once at the end, and the row's log-sum-exp L = m + log ell
that the backward pass would keep. Causal: the key loop stops at the diagonal tile.
"""

import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    Br = Bc = block_size
    Lq, d = q.shape
    Lk = k.shape[0]
    out = np.empty((Lq, v.shape[1]))
    L = np.empty(Lq)  # log-sum-exp per row, for a backward pass
    for i in range(0, Lq, Br):
        Qi = q[i : i + Br]
        n = len(Qi)
        m = np.full(n, -np.inf)
        ell = np.zeros(n)
        acc = np.zeros((n, v.shape[1]))
        last_key = min(Lk, i + n) if causal else Lk
        for j in range(0, last_key, Bc):
            S = Qi @ k[j : j + Bc].T / np.sqrt(d)
            if causal and j + Bc > i:  # only tiles that cross the diagonal need the mask
                S = np.where(
                    np.arange(j, j + S.shape[1]) > np.arange(i, i + n)[:, None], -np.inf, S
                )
            m_new = np.maximum(m, S.max(axis=1))
            P = np.exp(S - m_new[:, None])
            ell = np.exp(m - m_new) * ell + P.sum(axis=1)
            acc = np.exp(m - m_new)[:, None] * acc + P @ v[j : j + Bc]
            m = m_new
        out[i : i + n] = acc / ell[:, None]
        L[i : i + n] = m + np.log(ell)
    return out
