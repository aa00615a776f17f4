# Wrong: the loop slices w[k*g:(k+1)*g, :] (blocks of rows), so each column's rows share a scale.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    n_out, n_in = w.shape
    n_blocks = n_out // group_size
    scales = np.ones((n_blocks, n_in))
    zeros = np.zeros((n_blocks, n_in), dtype=np.uint8)
    q = np.zeros(w.shape, dtype=np.uint8)
    for k in range(n_blocks):
        blk = w[k * group_size : (k + 1) * group_size, :]
        lo, hi = blk.min(axis=0), blk.max(axis=0)
        s = np.where(hi > lo, (hi - lo) / 15, 1.0)
        z = np.clip(np.rint(-lo / s), 0, 15)
        q[k * group_size : (k + 1) * group_size] = np.clip(np.rint(blk / s) + z, 0, 15)
        scales[k], zeros[k] = s, z
    return q[:, ::2] | (q[:, 1::2] << 4), scales, zeros
