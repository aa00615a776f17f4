# Wrong: the unrounded zero -lo/scale is added before rounding; only the returned zero is rounded.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    out_f, in_f = w.shape
    flat = w.reshape(-1, group_size)
    mn = flat.min(1, keepdims=True)
    mx = flat.max(1, keepdims=True)
    s = (mx - mn) / 15
    s[mx == mn] = 1.0
    z_float = -mn / s
    q = np.rint(flat / s + z_float).clip(0, 15).astype(np.uint8).reshape(out_f, in_f)
    z = np.rint(z_float).clip(0, 15).astype(np.uint8)
    return q[:, ::2] | (q[:, 1::2] << 4), s.reshape(out_f, -1), z.reshape(out_f, -1)
