# Wrong: llama.cpp Q4_1 codes, rint((x - min) * id), kept with a rounded zero point.
import numpy as np


def quantize_int4_groups(w, group_size=128):
    rows, cols = w.shape
    nb = cols // group_size
    d_all, z_all = np.ones((rows, nb)), np.zeros((rows, nb), dtype=np.uint8)
    qs = np.zeros((rows, cols // 2), dtype=np.uint8)
    for r in range(rows):
        for b in range(nb):
            x = w[r, b * group_size : (b + 1) * group_size]
            vmin, vmax = x.min(), x.max()
            d = (vmax - vmin) / 15 if vmax > vmin else 1.0
            z_all[r, b] = min(15, max(0, int(np.rint(-vmin / d))))
            d_all[r, b] = d
            for j in range(0, group_size, 2):
                xi0 = min(15, int(np.rint((x[j] - vmin) / d)))
                xi1 = min(15, int(np.rint((x[j + 1] - vmin) / d)))
                qs[r, (b * group_size + j) // 2] = xi0 | (xi1 << 4)
    return qs, d_all, z_all
