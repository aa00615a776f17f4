"""Known mistakes in group-wise asymmetric int4 quantisation."""

import numpy as np


def _groups(w, group_size):
    out_features, in_features = w.shape
    return w.reshape(out_features, in_features // group_size, group_size)


def _codes(g, scale, zero):
    q = np.clip(np.rint(g / scale[..., None]) + zero[..., None], 0, 15).astype(np.uint8)
    return q.reshape(q.shape[0], -1)


def _pack(q):
    return q[:, 0::2] | (q[:, 1::2] << 4)


def nibble_order(w, group_size=128):
    g = _groups(w, group_size)
    lo, hi = g.min(axis=-1), g.max(axis=-1)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.rint(-lo / scale), 0, 15)
    q = _codes(g, scale, zero)
    packed = (q[:, 0::2] << 4) | q[:, 1::2]  # even column in the HIGH nibble
    return packed, scale, zero.astype(np.uint8)


def group_along_out_axis(w, group_size=128):
    # Groups of group_size consecutive ROWS of each column: scales [out // g, in].
    out_features, in_features = w.shape
    g = w.reshape(out_features // group_size, group_size, in_features)
    lo, hi = g.min(axis=1), g.max(axis=1)  # [out // g, in]
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.rint(-lo / scale), 0, 15)
    q = np.clip(np.rint(g / scale[:, None, :]) + zero[:, None, :], 0, 15).astype(np.uint8)
    return _pack(q.reshape(out_features, in_features)), scale, zero.astype(np.uint8)


def zero_point_rounding(w, group_size=128):
    # The zero point truncated (int(), astype, floor) instead of rounded.
    g = _groups(w, group_size)
    lo, hi = g.min(axis=-1), g.max(axis=-1)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.floor(-lo / scale), 0, 15)
    return _pack(_codes(g, scale, zero)), scale, zero.astype(np.uint8)


def zero_point_unrounded(w, group_size=128):
    # Codes from the fractional offset: round((w - lo) / scale), as llama.cpp's Q4_1 stores
    # the min; the zeros returned are the rounded ones.
    g = _groups(w, group_size)
    lo, hi = g.min(axis=-1), g.max(axis=-1)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.rint(-lo / scale), 0, 15)
    q = np.clip(np.rint((g - lo[..., None]) / scale[..., None]), 0, 15).astype(np.uint8)
    return _pack(q.reshape(w.shape)), scale, zero.astype(np.uint8)


def symmetric_instead_of_asymmetric(w, group_size=128):
    # GPTQ's sym=True: range [-amax, amax], scale = 2 * amax / 15, zero = 8 for every group.
    g = _groups(w, group_size)
    amax = np.abs(g).max(axis=-1)
    scale = np.where(amax > 0, 2 * amax / 15, 1.0)
    zero = np.full(scale.shape, 8.0)
    return _pack(_codes(g, scale, zero)), scale, zero.astype(np.uint8)


def range_includes_zero(w, group_size=128):
    # GPTQ's asymmetric find_params: the range is stretched to contain 0.
    g = _groups(w, group_size)
    lo = np.minimum(g.min(axis=-1), 0.0)
    hi = np.maximum(g.max(axis=-1), 0.0)
    scale = np.where(hi > lo, (hi - lo) / 15, 1.0)
    zero = np.clip(np.rint(-lo / scale), 0, 15)
    return _pack(_codes(g, scale, zero)), scale, zero.astype(np.uint8)


MISTAKES = {
    "nibble_order": nibble_order,
    "group_along_out_axis": group_along_out_axis,
    "zero_point_rounding": zero_point_rounding,
    "zero_point_unrounded": zero_point_unrounded,
    "symmetric_instead_of_asymmetric": symmetric_instead_of_asymmetric,
    "range_includes_zero": range_includes_zero,
}

MESSAGES = {
    "nibble_order": {
        "en": "Your codes are right but packed the other way round: the even column went into "
        "the high nibble (q[:, 0::2] << 4 | q[:, 1::2], as bitsandbytes packs). The contract "
        "is GPTQ's order, the earlier column in the low bits: q[:, 0::2] | (q[:, 1::2] << 4).",
        "zh": "码值本身没错，但打包顺序反了：偶数列放进了高 4 位（q[:, 0::2] << 4 | q[:, 1::2]，"
        "bitsandbytes 是这么打包的）。题目用 GPTQ 的顺序，靠前的列放低位："
        "q[:, 0::2] | (q[:, 1::2] << 4)。",
    },
    "group_along_out_axis": {
        "en": "You formed each group from group_size consecutive rows of a column (scales of "
        "shape [out // group_size, in]). GPTQ and AWQ group along the input axis: "
        "group_size consecutive columns of one row, w.reshape(out, in // group_size, "
        "group_size), so scales are [out, in // group_size].",
        "zh": "你的分组是一列里连续 group_size 行（scales 形状成了 [out // group_size, in]）。"
        "GPTQ、AWQ 都沿输入维分组：同一行里连续 group_size 列，"
        "即 w.reshape(out, in // group_size, group_size)，scales 形状为 [out, in // group_size]。",
    },
    "zero_point_rounding": {
        "en": "Your zero point is truncated (int(), astype or floor of -lo / scale) instead of "
        "rounded, so whenever its fraction is 0.5 or more the whole group's codes are one "
        "too low. Round it to the nearest integer (np.round, half to even), then clip to "
        "[0, 15].",
        "zh": "你的 zero point 是截断出来的（对 -lo / scale 做 int()、astype 或 floor），没有取整："
        "小数部分 ≥ 0.5 时，整组码值都小了 1。应取最近整数（np.round，五取偶），再裁剪到 [0, 15]。",
    },
    "zero_point_unrounded": {
        "en": "Your codes use the fractional offset, round((w - lo) / scale), as llama.cpp's "
        "Q4_1 does with its stored min. With an integer zero point the code is "
        "round(w / scale) + zero: round the zero first, add it after rounding w / scale, so "
        "that dequantising with (q - zero) * scale maps 0.0 exactly to a code.",
        "zh": "你的码值用的是带小数的偏移 round((w - lo) / scale)，"
        "这是 llama.cpp Q4_1 存 min 的做法。"
        "整数 zero point 的码值是 round(w / scale) + zero：先把 zero 取整，"
        "w / scale 取整之后再加上它，这样 (q - zero) * scale 反量化时 0.0 正好落在一个码值上。",
    },
    "symmetric_instead_of_asymmetric": {
        "en": "You quantised symmetrically (GPTQ's sym=True: scale = 2 * max|w| / 15, zero = 8 "
        "for every group). The contract is asymmetric: scale = (max - min) / 15 and "
        "zero = round(-min / scale), so the 16 codes cover [min, max] exactly.",
        "zh": "你做的是对称量化（GPTQ 的 sym=True：scale = 2 * max|w| / 15，每组 zero 都是 8）。"
        "题目要求非对称：scale = (max - min) / 15，zero = round(-min / scale)，"
        "16 个码值正好覆盖 [min, max]。",
    },
    "range_includes_zero": {
        "en": "You stretched each group's range to contain 0 (min(lo, 0), max(hi, 0), as "
        "GPTQ's find_params does). The contract uses the group's own min and max, so a "
        "group of only positive or only negative weights gets a smaller step; its zero "
        "point is then clipped to 0 or 15.",
        "zh": "你把每组的范围强行扩到包含 0（min(lo, 0)、max(hi, 0)，"
        "GPTQ 的 find_params 就是这样）。"
        "题目用的是这一组自己的最小值和最大值：全正或全负的组步长更小，"
        "zero point 则被裁剪到 0 或 15。",
    },
}
