# Wrong: "if d <= best_d" in the scan replaces the best on an equal distance: ties go up.
import numpy as np

NF4 = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]  # fmt: skip


def nf4_quantize(w, block_size=64):
    flat = [float(v) for v in w.reshape(-1)]
    codes, absmax = [], []
    for s in range(0, len(flat), block_size):
        block = flat[s : s + block_size]
        m = max(abs(v) for v in block) or 1.0
        absmax.append(m)
        for v in block:
            best, best_d = 0, float("inf")
            for i, level in enumerate(NF4):
                if abs(v / m - level) <= best_d:
                    best, best_d = i, abs(v / m - level)
            codes.append(best)
    return np.array(codes, dtype=np.uint8), np.array(absmax)
