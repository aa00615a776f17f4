"""Flash-Decoding's split-K view: each key tile gives a partial softmax-weighted output and
its log-sum-exp, and the partials are merged with np.logaddexp. Keys outer, all queries at
once (the largest array is [Lq, block_size]).
"""

import numpy as np


def _partial(s, v_tile):
    """A tile's normalised output and log-sum-exp; rows with every key blocked give -inf."""
    row_max = s.max(axis=1, keepdims=True)
    safe = np.where(np.isfinite(row_max), row_max, 0.0)
    e = np.exp(s - safe)
    total = e.sum(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        lse = np.log(total) + safe
        out = np.where(total > 0, (e @ v_tile) / total, 0.0)
    return out, lse


def flash_attention(q, k, v, block_size=16, causal=False):
    n_q = q.shape[0]
    q = q / np.sqrt(q.shape[1])
    out = np.zeros((n_q, v.shape[1]))
    lse = np.full((n_q, 1), -np.inf)
    rows = np.arange(n_q)[:, None]
    for j in range(0, k.shape[0], block_size):
        s = q @ k[j : j + block_size].T
        if causal:
            s = np.where(np.arange(j, j + s.shape[1])[None, :] > rows, -np.inf, s)
        o_t, lse_t = _partial(s, v[j : j + block_size])
        new = np.logaddexp(lse, lse_t)
        with np.errstate(invalid="ignore"):
            w_old = np.where(np.isfinite(lse), np.exp(lse - new), 0.0)
            w_new = np.where(np.isfinite(lse_t), np.exp(lse_t - new), 0.0)
        out = w_old * out + w_new * o_t
        lse = new
    return out
