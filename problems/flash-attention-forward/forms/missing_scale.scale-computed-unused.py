import math

import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    softmax_scale = 1.0 / math.sqrt(q.shape[-1])  # noqa: F841 - computed, never applied
    n = q.shape[0]
    m_i = np.full((n, 1), -np.inf)
    l_i = np.zeros((n, 1))
    o_i = np.zeros((n, v.shape[1]))
    for j in range(0, k.shape[0], block_size):
        s_ij = q @ k[j : j + block_size].T
        if causal:
            mask = np.arange(j, j + s_ij.shape[1])[None, :] <= np.arange(n)[:, None]
            s_ij = np.where(mask, s_ij, -np.inf)
        m_ij = np.maximum(m_i, s_ij.max(axis=1, keepdims=True))
        p_ij = np.exp(s_ij - m_ij)
        alpha = np.exp(m_i - m_ij)
        l_i = alpha * l_i + p_ij.sum(axis=1, keepdims=True)
        o_i = alpha * o_i + p_ij @ v[j : j + block_size]
        m_i = m_ij
    return o_i / l_i
