# Wrong: ignores the `axis` argument and always normalises over the last axis.
import numpy as np


def softmax(x, axis=-1):
    m = np.max(x, axis=-1, keepdims=True)
    e = np.exp(x - m)
    return e / np.sum(e, axis=-1, keepdims=True)
