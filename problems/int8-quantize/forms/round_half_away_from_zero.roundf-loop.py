# Wrong: a C-style roundf in a loop (half away from zero), as llama.cpp's q8_0 reference does.
import math

import numpy as np


def roundf(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def quantize_per_channel(w, bits=8):
    qmax = (1 << (bits - 1)) - 1
    q = np.zeros(w.shape, dtype=np.int8)
    d = np.ones(w.shape[0])
    for i in range(w.shape[0]):
        amax = float(np.abs(w[i]).max())
        if amax:
            d[i] = amax / qmax
        for j in range(w.shape[1]):
            q[i, j] = min(max(int(roundf(w[i, j] / d[i])), -qmax), qmax)
    return q, d
