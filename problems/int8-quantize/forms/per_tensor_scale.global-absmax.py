# Wrong: one absmax for the whole matrix, repeated for every row.
import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    s = np.abs(w).max() / qmax
    if s == 0:
        s = 1.0
    q = np.clip(np.round(w / s), -qmax, qmax).astype(np.int8)
    return q, np.full(w.shape[0], s)
