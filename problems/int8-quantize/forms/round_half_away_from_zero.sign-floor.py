# Wrong: sign(x) * floor(|x| + 0.5) rounds every half away from zero (2.5 -> 3).
import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    absmax = np.abs(w).max(axis=1, keepdims=True)
    scale = np.where(absmax > 0, absmax / qmax, 1.0)
    x = w / scale
    q = np.sign(x) * np.floor(np.abs(x) + 0.5)
    return np.clip(q, -qmax, qmax).astype(np.int8), scale[:, 0]
