# Wrong: searchsorted on the levels, minus one: the level just below x, not the nearest.
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
    absmax = np.where(absmax > 0, absmax, 1.0)
    x = blocks / absmax[:, None]
    codes = np.clip(np.searchsorted(NF4, x, side="right") - 1, 0, 15)
    return codes.astype(np.uint8).reshape(-1), absmax
