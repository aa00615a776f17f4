import numpy as np


def quantize_per_channel(w: np.ndarray, bits: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric absmax quantisation with one scale per output row of w [out, in]."""
    qmax = 2 ** (bits - 1) - 1  # 127 for int8; -128 is left unused so the range is symmetric
    absmax = np.max(np.abs(w), axis=1, keepdims=True)  # [out, 1]: one range per row
    scale = np.where(absmax > 0, absmax / qmax, 1.0)  # a row of zeros would divide by 0
    # np.round rounds half to even (2.5 -> 2, 3.5 -> 4); the clip only guards rounding noise.
    q = np.clip(np.round(w / scale), -qmax, qmax).astype(np.int8)  # [out, in]
    return q, scale[:, 0]  # scale: [out]
