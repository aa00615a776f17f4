import numpy as np


def quantize_int4_groups(w: np.ndarray, group_size: int = 128):
    """Asymmetric 4-bit quantisation of w [out, in], one (scale, zero) per group of
    group_size consecutive columns of a row; returns (packed, scales, zeros)."""
    out_features, in_features = w.shape
    n_groups = in_features // group_size
    g = w.reshape(out_features, n_groups, group_size)  # [out, G, g]: a row's groups
    lo = g.min(axis=-1, keepdims=True)  # [out, G, 1]
    hi = g.max(axis=-1, keepdims=True)
    # 16 codes 0..15 span [lo, hi]: 15 steps. A constant group would divide by 0.
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    # The integer code that stands for 0.0; clipped when the group does not contain 0.
    zero = np.clip(np.round(-lo / scale), 0, 15)
    # Round first (half to even), then shift by the integer zero point, then clip.
    q = np.clip(np.round(g / scale) + zero, 0, 15).astype(np.uint8)
    q = q.reshape(out_features, in_features)  # [out, in]
    # Two codes per byte: column 2k in the low nibble, column 2k + 1 in the high nibble.
    packed = q[:, 0::2] | (q[:, 1::2] << 4)  # [out, in // 2]
    return packed, scale[..., 0], zero[..., 0].astype(np.uint8)
