# Wrong: no guard for an all-zero block: 0 / 0 gives NaN, argmin then returns code 0.
import numpy as np

NF4 = np.array([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
])  # fmt: skip


def nf4_quantize(w, block_size=64):
    blocks = w.reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    x = blocks / absmax[:, None]
    codes = np.argmin(np.abs(x[..., None] - NF4), axis=-1)
    return codes.reshape(-1).astype(np.uint8), absmax
