"""Memory-frugal version that reuses the caller's array: subtract, exp and divide in place.
(It overwrites its input, which the contract does not forbid.)"""

import numpy as np


def softmax(x, axis=-1):
    x -= np.max(x, axis=axis, keepdims=True)
    np.exp(x, out=x)
    x /= np.sum(x, axis=axis, keepdims=True)
    return x
