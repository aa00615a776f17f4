"""np.tensordot(axes=1) contracts the last axis of x with the first of w; ReLU with np.clip."""

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    h = np.clip(np.tensordot(x, w1, axes=1) + b1, 0, None)
    return np.tensordot(h, w2, axes=1) + b2
