# Wrong: int(-lo / s) in the group loop drops the fraction of the zero point.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    rows, cols = w.shape
    ng = cols // group_size
    scales = np.ones((rows, ng))
    zeros = np.zeros((rows, ng), dtype=np.uint8)
    q = np.zeros((rows, cols), dtype=np.uint8)
    for r in range(rows):
        for k in range(ng):
            seg = w[r, k * group_size : (k + 1) * group_size]
            lo, hi = float(seg.min()), float(seg.max())
            s = (hi - lo) / 15 if hi != lo else 1.0
            z = min(15, max(0, int(-lo / s)))
            scales[r, k], zeros[r, k] = s, z
            q[r, k * group_size : (k + 1) * group_size] = np.clip(np.rint(seg / s) + z, 0, 15)
    return q[:, 0::2] | (q[:, 1::2] << 4), scales, zeros
