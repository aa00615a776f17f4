# Wrong: the loop walks up while the next level is <= x and never checks which one is nearer.
import numpy as np

NF4 = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]  # fmt: skip


def nf4_quantize(w, block_size=64):
    flat = w.reshape(-1)
    codes = np.zeros(flat.size, dtype=np.uint8)
    absmax = np.zeros(flat.size // block_size)
    for b in range(absmax.size):
        block = flat[b * block_size : (b + 1) * block_size]
        m = float(np.abs(block).max()) or 1.0
        absmax[b] = m
        for j, v in enumerate(block):
            x, i = v / m, 0
            while i < 15 and NF4[i + 1] <= x:
                i += 1
            codes[b * block_size + j] = i
    return codes, absmax
