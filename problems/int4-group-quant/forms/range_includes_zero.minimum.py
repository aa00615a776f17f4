# Wrong: lo = min(group min, 0) and hi = max(group max, 0): 0 is forced into every range.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    o, i = w.shape
    g = w.reshape(o, i // group_size, group_size)
    lo = np.minimum(g.min(-1, keepdims=True), 0)
    hi = np.maximum(g.max(-1, keepdims=True), 0)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.round(-lo / scale), 0, 15)
    q = np.clip(np.round(g / scale) + zero, 0, 15).astype(np.uint8).reshape(o, i)
    return q[:, 0::2] | (q[:, 1::2] << 4), scale[..., 0], zero[..., 0].astype(np.uint8)
