# Wrong: argmin over the levels in reverse order keeps the last minimum: ties go up.
import numpy as np

NF4 = np.array([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
])  # fmt: skip


def nf4_quantize(w, block_size=64):
    b = w.reshape(-1, block_size)
    m = np.abs(b).max(axis=1, keepdims=True)
    m = np.where(m > 0, m, 1.0)
    d = np.abs((b / m)[..., None] - NF4[::-1])
    codes = 15 - np.argmin(d, axis=-1)
    return codes.astype(np.uint8).reshape(-1), m.reshape(-1)
