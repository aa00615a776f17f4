"""Vectorised on a flat [n_groups_total, group_size] view: since groups are consecutive
columns of a row and `in` is a multiple of group_size, w.reshape(-1, group_size) lists the
groups row by row; keepdims broadcasting, then one reshape back to [out, in]."""

import numpy as np


def quantize_int4_groups(w: np.ndarray, group_size: int = 128):
    out_features, in_features = w.shape
    flat = w.reshape(-1, group_size)  # [out * G, g]
    w_min = flat.min(axis=1, keepdims=True)
    w_max = flat.max(axis=1, keepdims=True)
    scale = (w_max - w_min) / 15
    scale[w_max == w_min] = 1.0
    zero = np.rint(-w_min / scale).clip(0, 15)
    q = (np.rint(flat / scale) + zero).clip(0, 15).astype(np.uint8).reshape(w.shape)
    lo_nibble, hi_nibble = q[:, ::2], q[:, 1::2]
    packed = lo_nibble | (hi_nibble << 4)
    n_groups = in_features // group_size
    return (
        packed,
        scale.reshape(out_features, n_groups),
        zero.reshape(out_features, n_groups).astype(np.uint8),
    )
