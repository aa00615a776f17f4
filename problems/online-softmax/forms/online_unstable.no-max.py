# Wrong: streams the sum of exp(x) over blocks, with no running maximum at all.
import numpy as np


def online_softmax(x, block_size=4):
    s = np.zeros(x.shape[0])
    for start in range(0, x.shape[1], block_size):
        s += np.exp(x[:, start : start + block_size]).sum(axis=1)
    return np.exp(x) / s[:, None]
