# Wrong: codes = round((w - lo) / scale), the fractional offset, instead of round(w/s) + zero.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    o, i = w.shape
    g = w.reshape(o, i // group_size, group_size)
    lo = g.min(-1, keepdims=True)
    hi = g.max(-1, keepdims=True)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.round(-lo / scale), 0, 15)
    q = np.clip(np.round((g - lo) / scale), 0, 15).astype(np.uint8).reshape(o, i)
    return q[:, 0::2] | (q[:, 1::2] << 4), scale[..., 0], zero[..., 0].astype(np.uint8)
