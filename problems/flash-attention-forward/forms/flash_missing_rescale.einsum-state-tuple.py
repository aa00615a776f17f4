import math

import numpy as np


def _step(state, s, vb):
    m, ell, acc = state
    m_new = np.maximum(m, s.max(-1))
    p = np.exp(s - m_new[:, None])
    scale = np.exp(m - m_new)
    return m_new, ell * scale + p.sum(-1), acc + np.einsum("qk,kd->qd", p, vb)


def flash_attention(q, k, v, block_size=16, causal=False):
    L_q, d = q.shape
    out = []
    for qs in range(0, L_q, block_size):
        Q = q[qs : qs + block_size]
        n = Q.shape[0]
        state = (np.full(n, -np.inf), np.zeros(n), np.zeros((n, v.shape[1])))
        for ks in range(0, k.shape[0], block_size):
            S = np.einsum("qd,kd->qk", Q, k[ks : ks + block_size]) / math.sqrt(d)
            if causal:
                blocked = np.arange(ks, ks + S.shape[1])[None] > np.arange(qs, qs + n)[:, None]
                S = np.where(blocked, -np.inf, S)
            state = _step(state, S, v[ks : ks + block_size])
        _, ell, acc = state
        out.append(acc / ell[:, None])
    return np.concatenate(out, axis=0)
