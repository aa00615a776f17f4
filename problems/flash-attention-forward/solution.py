import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    """softmax(q kᵀ / √d) v without ever holding a [Lq, Lk] matrix.

    Each query tile walks the key tiles with the online softmax: per row a running max m,
    a running sum ell (the softmax denominator) and an output accumulator acc, all relative to m.
    """
    lq, d = q.shape
    lk = k.shape[0]
    out = np.empty((lq, v.shape[1]))
    for q0 in range(0, lq, block_size):
        qb = q[q0 : q0 + block_size] / np.sqrt(d)  # [Bq, d], scaled once per tile
        rows = np.arange(q0, q0 + len(qb))  # positions of this tile's queries
        m = np.full(len(qb), -np.inf)  # [Bq]
        ell = np.zeros(len(qb))  # [Bq]
        acc = np.zeros((len(qb), v.shape[1]))  # [Bq, dv]
        # Causal: keys after the tile's last query are blocked for all of its rows.
        k_end = min(lk, rows[-1] + 1) if causal else lk
        for k0 in range(0, k_end, block_size):
            s = qb @ k[k0 : k0 + block_size].T  # [Bq, Bk]
            if causal:
                cols = np.arange(k0, k0 + s.shape[1])
                s = np.where(cols[None, :] > rows[:, None], -np.inf, s)
            # Key 0 is never blocked and comes first, so m_new is finite from the first tile.
            m_new = np.maximum(m, s.max(axis=1))  # [Bq]
            p = np.exp(s - m_new[:, None])  # [Bq, Bk], no overflow: every exponent <= 0
            alpha = np.exp(m - m_new)  # [Bq]: what the old max is worth under the new one
            ell = alpha * ell + p.sum(axis=1)
            acc = alpha[:, None] * acc + p @ v[k0 : k0 + block_size]
            m = m_new
        out[q0 : q0 + len(qb)] = acc / ell[:, None]  # normalise once, at the end
    return out
