"""float64 working copy updated in place with ufunc out=, cast back to the input dtype."""

import numpy as np


def softmax(x, axis=-1):
    z = np.array(x, dtype=np.float64)  # a copy, so the caller's array is untouched
    z -= z.max(axis=axis, keepdims=True)
    np.exp(z, out=z)
    z /= z.sum(axis=axis, keepdims=True)
    return z.astype(x.dtype, copy=False)
