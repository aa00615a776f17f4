# Wrong: L // block_size blocks, so the remainder columns are dropped from m and s.
import numpy as np


def online_softmax(x, block_size=4):
    num_blocks = x.shape[1] // block_size
    m = np.full(x.shape[0], -np.inf)
    s = np.zeros(x.shape[0])
    for b in range(num_blocks):
        block = x[:, b * block_size : (b + 1) * block_size]
        new_m = np.maximum(m, np.max(block, axis=1))
        s = s * np.exp(m - new_m) + np.sum(np.exp(block - new_m[:, None]), axis=1)
        m = new_m
    return np.exp(x - m[:, None]) / s[:, None]
