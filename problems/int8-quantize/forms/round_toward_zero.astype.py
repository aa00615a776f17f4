# Wrong: astype(np.int8) straight after the division truncates instead of rounding.
import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    absmax = np.abs(w).max(axis=1, keepdims=True)
    scale = np.where(absmax > 0, absmax / qmax, 1.0)
    q = np.clip(w / scale, -qmax, qmax).astype(np.int8)
    return q, scale.ravel()
