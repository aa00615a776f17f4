# Wrong: signed int4 codes round(w / s) with s = amax / 7.5, shifted by +8 to fit 0..15.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    rows, cols = w.shape
    flat = w.reshape(-1, group_size)
    amax = np.abs(flat).max(axis=1)
    s = np.where(amax == 0, 1.0, amax / 7.5)
    signed = np.clip(np.rint(flat / s[:, None]), -8, 7)
    q = (signed + 8).astype(np.uint8).reshape(rows, cols)
    zeros = np.full((rows, cols // group_size), 8, dtype=np.uint8)
    return q[:, 0::2] | (q[:, 1::2] << 4), s.reshape(rows, -1), zeros
