# Wrong: the running min/max start from 0.0 instead of the first value, so 0 is always inside.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    rows, cols = w.shape
    ng = cols // group_size
    scales = np.ones((rows, ng))
    zeros = np.zeros((rows, ng), dtype=np.uint8)
    q = np.zeros((rows, cols), dtype=np.uint8)
    for r in range(rows):
        for k in range(ng):
            lo = hi = 0.0
            for v in w[r, k * group_size : (k + 1) * group_size]:
                lo, hi = min(lo, v), max(hi, v)
            s = (hi - lo) / 15 if hi > lo else 1.0
            z = int(np.clip(np.rint(-lo / s), 0, 15))
            scales[r, k], zeros[r, k] = s, z
            seg = w[r, k * group_size : (k + 1) * group_size]
            q[r, k * group_size : (k + 1) * group_size] = np.clip(np.rint(seg / s) + z, 0, 15)
    return q[:, 0::2] | (q[:, 1::2] << 4), scales, zeros
