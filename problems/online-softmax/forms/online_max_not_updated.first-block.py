# Wrong: the maximum of the first block is taken once and used for every block.
import numpy as np


def online_softmax(x, block_size=4):
    m = x[:, :block_size].max(axis=1, keepdims=True)
    s = np.zeros((x.shape[0], 1))
    for start in range(0, x.shape[1], block_size):
        s += np.exp(x[:, start : start + block_size] - m).sum(axis=1, keepdims=True)
    return np.exp(x - m) / s
