# Wrong: byte = (first << 4) | second in a loop over column pairs: the nibbles are swapped.
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
            lo, hi = seg.min(), seg.max()
            s = (hi - lo) / 15 if hi > lo else 1.0
            z = int(np.clip(np.round(-lo / s), 0, 15))
            scales[r, k], zeros[r, k] = s, z
            q[r, k * group_size : (k + 1) * group_size] = np.clip(np.round(seg / s) + z, 0, 15)
    packed = np.zeros((rows, cols // 2), dtype=np.uint8)
    for j in range(cols // 2):
        packed[:, j] = (q[:, 2 * j] << 4) | q[:, 2 * j + 1]
    return packed, scales, zeros
