"""exp(x - logsumexp(x)) along any axis."""

import numpy as np


def softmax(x, axis=-1):
    top = np.max(x, axis=axis, keepdims=True)
    lse = top + np.log(np.sum(np.exp(x - top), axis=axis, keepdims=True))
    return np.exp(x - lse)
