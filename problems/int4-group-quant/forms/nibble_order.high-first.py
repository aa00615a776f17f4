# Wrong: the even column is shifted into the high nibble, the odd one kept in the low one.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    out_f, in_f = w.shape
    g = w.reshape(out_f, in_f // group_size, group_size)
    lo = g.min(-1, keepdims=True)
    hi = g.max(-1, keepdims=True)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.round(-lo / scale), 0, 15)
    q = np.clip(np.round(g / scale) + zero, 0, 15).astype(np.uint8).reshape(out_f, in_f)
    packed = (q[:, 0::2] << 4) | q[:, 1::2]
    return packed, scale[..., 0], zero[..., 0].astype(np.uint8)
