"""The Triton fused-attention tutorial's inner loop: scores scaled by sm_scale * log2(e) and
exponentiated with exp2, m_i / l_i / acc per row, alpha = exp2(m_i - m_ij); the causal
diagonal tile masked separately from the tiles below it.
"""

import numpy as np

LOG2E = 1.4426950408889634


def _attn_inner(acc, l_i, m_i, q_tile, k, v, start_n, end_n, block, offs_m, masked):
    for n0 in range(start_n, end_n, block):
        qk = q_tile @ k[n0 : n0 + block].T
        if masked:
            offs_n = np.arange(n0, n0 + qk.shape[1])
            qk = qk + np.where(offs_m[:, None] >= offs_n[None, :], 0.0, -np.inf)
        m_ij = np.maximum(m_i, qk.max(axis=1))
        p = np.exp2(qk - m_ij[:, None])
        alpha = np.exp2(m_i - m_ij)
        l_i = l_i * alpha + p.sum(axis=1)
        acc = acc * alpha[:, None] + p @ v[n0 : n0 + block]
        m_i = m_ij
    return acc, l_i, m_i


def flash_attention(q, k, v, block_size=16, causal=False):
    n_ctx_q, head_dim = q.shape
    n_ctx_k = k.shape[0]
    qk_scale = head_dim**-0.5 * LOG2E
    out = np.empty((n_ctx_q, v.shape[1]))
    for start_m in range(0, n_ctx_q, block_size):
        q_tile = q[start_m : start_m + block_size] * qk_scale
        offs_m = np.arange(start_m, start_m + len(q_tile))
        m_i = np.full(len(q_tile), -np.inf)
        l_i = np.zeros(len(q_tile))
        acc = np.zeros((len(q_tile), v.shape[1]))
        if causal:
            # tiles wholly below the diagonal, then the ones that cross it, masked
            lo = min(start_m // block_size * block_size, n_ctx_k)
            hi = min(start_m + len(q_tile), n_ctx_k)
            state = _attn_inner(acc, l_i, m_i, q_tile, k, v, 0, lo, block_size, offs_m, False)
            acc, l_i, m_i = _attn_inner(*state, q_tile, k, v, lo, hi, block_size, offs_m, True)
        else:
            acc, l_i, m_i = _attn_inner(
                acc, l_i, m_i, q_tile, k, v, 0, n_ctx_k, block_size, offs_m, False
            )
        out[start_m : start_m + len(q_tile)] = acc / l_i[:, None]
    return out
