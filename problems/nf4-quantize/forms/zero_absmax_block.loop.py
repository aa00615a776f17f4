# Wrong: the loop divides by the block's absmax even when it is 0; NaN distances keep code 0.
import numpy as np

NF4 = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]  # fmt: skip


def nf4_quantize(w, block_size=64):
    flat = w.reshape(-1)
    codes, scales = [], []
    for s in range(0, flat.size, block_size):
        block = flat[s : s + block_size]
        m = np.abs(block).max()
        scales.append(m)
        with np.errstate(invalid="ignore"):
            xs = block / m
        for x in xs:
            best, best_d = 0, abs(x - NF4[0])
            for i in range(1, 16):
                if abs(x - NF4[i]) < best_d:
                    best, best_d = i, abs(x - NF4[i])
            codes.append(best)
    return np.array(codes, dtype=np.uint8), np.array(scales)
