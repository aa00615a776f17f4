"""Trusted reference for int8-quantize: symmetric per-row (per output channel) absmax
quantisation, float64 scales, round half to even, int8 codes."""

import numpy as np


def quantize_per_channel(w: np.ndarray, bits: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """(q [out, in] int8, scale [out] float64) with w ~= q * scale[:, None]."""
    w = np.asarray(w, dtype=np.float64)
    qmax = 2 ** (bits - 1) - 1  # 127 for int8: the symmetric range [-127, 127]
    absmax = np.abs(w).max(axis=1)  # [out]
    scale = np.where(absmax > 0, absmax / qmax, 1.0)  # a row of zeros gets scale 1
    q = np.clip(np.rint(w / scale[:, None]), -qmax, qmax)  # np.rint: ties to even
    return q.astype(np.int8), scale
