import numpy as np


def online_softmax(x: np.ndarray, block_size: int = 4) -> np.ndarray:
    n, length = x.shape
    m = np.full(n, -np.inf)  # [N] largest logit seen so far
    s = np.zeros(n)  # [N] sum of exp(x - m) over the columns seen so far
    # range(0, L, block_size) also visits a last, partial block: slicing stops at L.
    for start in range(0, length, block_size):
        block = x[:, start : start + block_size]  # [N, <= block_size]
        m_new = np.maximum(m, block.max(axis=1))
        # s was measured against the old maximum: exp(m - m_new) moves it to the new one
        # (it is 0 on the first block, where m is -inf). Every exponent stays <= 0.
        s = s * np.exp(m - m_new) + np.exp(block - m_new[:, None]).sum(axis=1)
        m = m_new
    # Second pass: with the final maximum and sum, normalise every column.
    return np.exp(x - m[:, None]) / s[:, None]
