# Wrong: int() in a loop; it drops the fraction (toward zero), it does not round.
import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    rows, cols = w.shape
    q = np.empty((rows, cols), dtype=np.int8)
    scales = np.empty(rows)
    for r in range(rows):
        amax = max(abs(v) for v in w[r])
        scales[r] = amax / qmax if amax > 0 else 1.0
        for c in range(cols):
            q[r, c] = max(-qmax, min(qmax, int(w[r, c] / scales[r])))
    return q, scales
