"""np.einsum with an ellipsis for the leading dims; ReLU with np.where."""

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    hidden = np.einsum("...d,df->...f", x, w1) + b1
    hidden = np.where(hidden > 0, hidden, 0.0)
    return np.einsum("...f,fd->...d", hidden, w2) + b2
