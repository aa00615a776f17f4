"""The code as a count: the index of the nearest level equals the number of midpoints that
lie strictly below the value, (x[..., None] > mid).sum(-1). Strict > keeps ties low."""

import numpy as np

LEVELS = np.array([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
])  # fmt: skip


def nf4_quantize(w, block_size=64):
    mid = 0.5 * (LEVELS[1:] + LEVELS[:-1])
    n_blocks = w.size // block_size
    b = w.reshape(n_blocks, block_size)
    scale = np.abs(b).max(axis=1)
    scale = np.where(scale == 0.0, 1.0, scale)
    x = b / scale[:, None]
    codes = (x[:, :, None] > mid).sum(axis=-1)  # [n_blocks, block_size]
    return codes.astype(np.uint8).reshape(-1), scale
