# Wrong: calls np.clip(h, 0, None) for the ReLU but discards the result.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    h = np.einsum("...d,df->...f", x, w1) + b1
    np.clip(h, 0, None)
    return np.einsum("...f,fd->...d", h, w2) + b2
