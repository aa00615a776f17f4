"""Row by row with numpy, written the way one checks a quantiser: quantise, dequantise, and
assert that the round-trip error is at most half a step, a property of round-to-nearest."""

import numpy as np


def quantize_per_channel(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    codes, scales = [], []
    for row in w:
        peak = np.max(np.abs(row))
        step = peak / qmax if peak > 0 else 1.0
        code = np.clip(np.round(row / step), -qmax, qmax).astype(np.int8)
        assert np.all(np.abs(code * step - row) <= step / 2 + 1e-12 * max(peak, 1.0))
        codes.append(code)
        scales.append(step)
    return np.stack(codes), np.array(scales, dtype=np.float64)
