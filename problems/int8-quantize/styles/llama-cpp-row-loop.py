"""The loop of llama.cpp's `quantize_row_q8_0_ref` (ggml/src/ggml-quants.c, read 2026-12):
per block, amax = max |x|, d = amax / ((1 << 7) - 1), id = d ? 1/d : 0, and
qs[j] = roundf(x[j] * id). Changed for this contract: the block is a whole output row
instead of 32 values, 127 becomes (1 << (bits - 1)) - 1, a zero row gets d = 1.0 instead of
0 (so id = 1/d always exists), and roundf (half away from zero) is replaced by Python's
round (half to even)."""

import numpy as np


def quantize_per_channel(w, bits=8):
    out_features, in_features = w.shape
    qmax = (1 << (bits - 1)) - 1
    qs = np.zeros((out_features, in_features), dtype=np.int8)
    d = np.zeros(out_features)
    for i in range(out_features):
        amax = 0.0  # absolute max
        for j in range(in_features):
            amax = max(amax, abs(float(w[i, j])))
        d[i] = amax / qmax if amax else 1.0
        inv_d = 1.0 / d[i]
        for j in range(in_features):
            v = round(float(w[i, j]) * inv_d)  # Python's round: ties to even
            qs[i, j] = min(max(v, -qmax), qmax)
    return qs, d
