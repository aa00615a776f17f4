# Wrong: normalises over the whole array (one global sum) instead of along `axis`.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / e.sum()
