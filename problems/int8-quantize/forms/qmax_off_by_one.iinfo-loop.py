# Wrong: the range taken from the signed type's limits, -min = 128 used as qmax, row by row.
import numpy as np


def quantize_per_channel(w, bits=8):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    q = np.zeros(w.shape, dtype=np.int8)
    scale = np.ones(w.shape[0])
    for i, row in enumerate(w):
        m = np.abs(row).max()
        if m > 0:
            scale[i] = m / abs(lo)
        q[i] = np.clip(np.round(row / scale[i]), lo, hi)
    return q, scale
