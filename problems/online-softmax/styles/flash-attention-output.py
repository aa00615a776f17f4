"""FlashAttention's forward loop (Dao et al. 2022, Algorithm 1) with the values replaced by
the identity: the unnormalised output tile of each block is kept, every stored tile and the
denominator l are rescaled by exp(m_old - m_new) when the maximum grows, and the output is
divided by l once at the end."""

import numpy as np


def online_softmax(x: np.ndarray, block_size: int = 4) -> np.ndarray:
    n, length = x.shape
    m_i = np.full((n, 1), -np.inf)
    l_i = np.zeros((n, 1))
    o_tiles: list[np.ndarray] = []
    for j in range(0, length, block_size):
        s_ij = x[:, j : j + block_size]
        m_new = np.maximum(m_i, s_ij.max(axis=1, keepdims=True))
        alpha = np.exp(m_i - m_new)
        p_ij = np.exp(s_ij - m_new)
        l_i = alpha * l_i + p_ij.sum(axis=1, keepdims=True)
        o_tiles = [tile * alpha for tile in o_tiles]
        o_tiles.append(p_ij)
        m_i = m_new
    return np.concatenate(o_tiles, axis=1) / l_i
