"""Trusted reference for flash-attention-forward: exact attention, one key block at a time.

The keys are visited block by block while three running quantities are kept per query row:
the largest score seen so far m, the softmax denominator ell relative to m, and the
unnormalised output acc relative to m. When a key block raises m, the old ell and acc are
multiplied by exp(m_old - m_new) before the block is added. All query rows advance together
(the trusted process computes many draws: few large steps beat many small ones), so the
largest array is [Lq, block_size]; solution.py shows the tiling of the queries as well.

Causal masking is top-left aligned: key j is blocked for query i when j > i (both counted
from 0). Key 0 is allowed for every query and the keys are visited in increasing order, so a
row's first block always holds an allowed key and m is finite from then on.
"""

from __future__ import annotations

import numpy as np


def flash_attention(
    q: np.ndarray,
    k: np.ndarray,
    v: np.ndarray,
    block_size: int = 16,
    causal: bool = False,
) -> np.ndarray:
    q = np.asarray(q, dtype=np.float64) / np.sqrt(q.shape[1])  # [Lq, d], scaled once
    k = np.asarray(k, dtype=np.float64)  # [Lk, d]
    v = np.asarray(v, dtype=np.float64)  # [Lk, dv]
    lq, lk = q.shape[0], k.shape[0]
    rows = np.arange(lq)
    m = np.full(lq, -np.inf)  # [Lq] running max
    ell = np.zeros(lq)  # [Lq] running denominator, relative to m
    acc = np.zeros((lq, v.shape[1]))  # [Lq, dv] running numerator, relative to m
    # With a causal mask, keys past the last query are blocked for every row.
    stop = min(lk, lq) if causal else lk
    for k0 in range(0, stop, block_size):
        s = q @ k[k0 : k0 + block_size].T  # [Lq, Bk]
        if causal:
            cols = np.arange(k0, k0 + s.shape[1])
            s = np.where(cols[None, :] > rows[:, None], -np.inf, s)
        m_new = np.maximum(m, s.max(axis=1))  # [Lq]
        p = np.exp(s - m_new[:, None])  # [Lq, Bk], every entry <= 1
        correction = np.exp(m - m_new)  # [Lq], 0 on the first block (m = -inf)
        ell = ell * correction + p.sum(axis=1)
        acc = acc * correction[:, None] + p @ v[k0 : k0 + block_size]
        m = m_new
    return acc / ell[:, None]  # [Lq, dv]
