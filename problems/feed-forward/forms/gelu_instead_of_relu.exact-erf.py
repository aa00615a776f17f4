# Wrong: uses the exact (erf) GELU instead of ReLU.
import math

import numpy as np

_erf = np.vectorize(math.erf)


def feed_forward(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    gelu = 0.5 * h * (1.0 + _erf(h / math.sqrt(2.0)))
    return gelu @ w2 + b2
