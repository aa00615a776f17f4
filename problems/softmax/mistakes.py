"""Known mistakes in softmax."""

import numpy as np


def softmax_unstable(x, axis=-1):
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(x)
        return e / e.sum(axis=axis, keepdims=True)


def softmax_ignores_axis(x, axis=-1):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


MISTAKES = {"softmax_unstable": softmax_unstable, "softmax_wrong_axis": softmax_ignores_axis}
