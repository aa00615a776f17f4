# Wrong: FlashAttention-style, the unnormalised output is rescaled when m grows,
# but the denominator l is not.
import numpy as np


def online_softmax(x: np.ndarray, block_size: int = 4) -> np.ndarray:
    n, length = x.shape
    m = np.full((n, 1), -np.inf)
    l = np.zeros((n, 1))  # noqa: E741
    blocks = []
    for start in range(0, length, block_size):
        b = x[:, start : start + block_size]
        m_new = np.maximum(m, b.max(axis=1, keepdims=True))
        l = l + np.exp(b - m_new).sum(axis=1, keepdims=True)  # noqa: E741
        blocks = [p * np.exp(m - m_new) for p in blocks]
        blocks.append(np.exp(b - m_new))
        m = m_new
    return np.concatenate(blocks, axis=1) / l
