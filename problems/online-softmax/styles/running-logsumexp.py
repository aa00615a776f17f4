"""The running state kept as a log-sum-exp instead of (max, sum), the form FlashAttention
saves for its backward pass: lse <- logaddexp(lse, logsumexp(block)), each block's
logsumexp shifted by its own maximum; then softmax = exp(x - lse)."""

import numpy as np


def _logsumexp_rows(block: np.ndarray) -> np.ndarray:
    top = block.max(axis=1)
    return top + np.log(np.exp(block - top[:, None]).sum(axis=1))


def online_softmax(x, block_size=4):
    lse = np.full(x.shape[0], -np.inf)
    for begin in range(0, x.shape[1], block_size):
        lse = np.logaddexp(lse, _logsumexp_rows(x[:, begin : begin + block_size]))
    return np.exp(x - lse[:, None])
