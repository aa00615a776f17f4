# Wrong: int8 holds [-128, 127], so the scale divides by 128 and the clip uses that range.
import numpy as np


def quantize_per_channel(w, bits=8):
    qmin, qmax = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    absmax = np.abs(w).max(axis=1, keepdims=True)
    scale = np.where(absmax > 0, absmax / -qmin, 1.0)
    q = np.clip(np.round(w / scale), qmin, qmax).astype(np.int8)
    return q, scale[:, 0]
