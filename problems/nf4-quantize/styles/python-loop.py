"""Plain Python loops: for each block the absmax by hand, then for each value a scan over
the 16 levels keeping the first strictly smaller distance (so a tie keeps the lower
index), as one would write it on a whiteboard."""

import numpy as np

NF4 = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]  # fmt: skip


def nf4_quantize(w, block_size=64):
    values = [float(v) for v in w.reshape(-1)]
    codes, absmaxes = [], []
    for start in range(0, len(values), block_size):
        block = values[start : start + block_size]
        m = max(abs(v) for v in block)
        if m == 0.0:
            m = 1.0
        absmaxes.append(m)
        for v in block:
            x = v / m
            best, best_d = 0, abs(x - NF4[0])
            for i in range(1, 16):
                d = abs(x - NF4[i])
                if d < best_d:
                    best, best_d = i, d
            codes.append(best)
    return np.array(codes, dtype=np.uint8), np.array(absmaxes)
