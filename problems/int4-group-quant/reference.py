"""Trusted reference for int4-group-quant: asymmetric min/max 4-bit quantisation per group
of `group_size` consecutive input columns, integer zero points, two codes per byte with the
even column in the low nibble."""

import numpy as np


def quantize_int4_groups(
    w: np.ndarray, group_size: int = 128
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(packed [out, in // 2] uint8, scales [out, n_groups] float64, zeros uint8)."""
    w = np.asarray(w, dtype=np.float64)
    out_features, in_features = w.shape
    groups = w.reshape(out_features, in_features // group_size, group_size)  # [out, G, g]
    lo, hi = groups.min(axis=-1), groups.max(axis=-1)  # [out, G]
    scales = np.where(hi > lo, (hi - lo) / 15, 1.0)  # a constant group gets scale 1
    zeros = np.clip(np.rint(-lo / scales), 0, 15)  # [out, G], ties to even
    q = np.clip(np.rint(groups / scales[..., None]) + zeros[..., None], 0, 15)
    q = q.astype(np.uint8).reshape(out_features, in_features)  # [out, in]
    packed = q[:, 0::2] | (q[:, 1::2] << 4)  # even column -> low nibble
    return packed, scales, zeros.astype(np.uint8)
