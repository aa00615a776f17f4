"""Trusted reference: softmax over the last axis, streamed over blocks of columns.

One pass keeps a running maximum m and a running sum s of exp(x - m) per row, rescaling s
whenever m grows; a second pass normalises. The result equals the plain stable softmax.
"""

import numpy as np


def online_softmax(x: np.ndarray, block_size: int = 4) -> np.ndarray:
    """Softmax of each row of x [N, L], computed block by block."""
    n, length = x.shape
    m = np.full(n, -np.inf)  # [N] running maximum
    s = np.zeros(n)  # [N] running sum of exp(x - m)
    for start in range(0, length, block_size):
        block = x[:, start : start + block_size]  # [N, <= block_size]
        m_new = np.maximum(m, block.max(axis=1))  # [N]
        s = s * np.exp(m - m_new) + np.exp(block - m_new[:, None]).sum(axis=1)
        m = m_new
    return np.exp(x - m[:, None]) / s[:, None]  # [N, L]
