import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    """exp of the scores as they come: sums add up, nothing to rescale."""
    lq, d = q.shape
    out = np.empty((lq, v.shape[1]))
    for q0 in range(0, lq, block_size):
        qb = q[q0 : q0 + block_size] / np.sqrt(d)
        rows = np.arange(q0, q0 + len(qb))
        ell = np.zeros(len(qb))
        acc = np.zeros((len(qb), v.shape[1]))
        for k0 in range(0, k.shape[0], block_size):
            s = qb @ k[k0 : k0 + block_size].T
            if causal:
                s[np.arange(k0, k0 + s.shape[1])[None, :] > rows[:, None]] = -np.inf
            p = np.exp(s)
            ell += p.sum(1)
            acc += p @ v[k0 : k0 + block_size]
        out[q0 : q0 + len(qb)] = acc / ell[:, None]
    return out
