import numpy as np


def quantize_int4_groups(w, group_size=128):
    """Asymmetric 4-bit quantisation per group of group_size consecutive columns of a row.

    w: float64 [out, in], in a multiple of group_size (and even).
    Returns: packed, uint8 [out, in // 2] (two 4-bit codes per byte, the even column in
    the low nibble); scales, float64 [out, in // group_size]; zeros, uint8
    [out, in // group_size] (integer zero points in 0..15).
    """
    out_features, in_features = w.shape
    n_groups = in_features // group_size
    # TODO: view w as [out, n_groups, group_size]; lo, hi = min and max of each group
    # TODO: scale = (hi - lo) / 15 (1.0 when hi == lo); zero = clip(round(-lo / scale), 0, 15)
    # TODO: q = clip(round(w / scale) + zero, 0, 15); pack q[:, 0::2] | (q[:, 1::2] << 4)
    packed = np.zeros((out_features, in_features // 2), dtype=np.uint8)
    return packed, np.ones((out_features, n_groups)), np.zeros((out_features, n_groups), np.uint8)
