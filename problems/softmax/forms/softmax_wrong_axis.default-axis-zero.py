# Wrong: the default axis is 0 instead of -1, so calls without `axis` normalise the first axis.
import numpy as np


def softmax(x, axis=0):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
