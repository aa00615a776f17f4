# Wrong: one element at a time, exp without any shift.
import numpy as np


def online_softmax(x, block_size=4):
    n, length = x.shape
    total = np.zeros(n)
    for j in range(length):
        total = total + np.exp(x[:, j])
    return np.exp(x) / total[:, None]
