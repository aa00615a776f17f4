# Wrong: shifts by the global max of the whole array, not the max of each slice along axis.
import numpy as np


def softmax(x, axis=-1):
    shifted = x - x.max()
    e = np.exp(shifted)
    return e / e.sum(axis=axis, keepdims=True)
