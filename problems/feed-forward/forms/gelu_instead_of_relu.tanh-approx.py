# Wrong: uses GELU (tanh approximation) instead of ReLU.
import math

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = 0.5 * h * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (h + 0.044715 * h**3)))
    return h @ w2 + b2
