"""Known mistakes in blockwise NF4 quantisation."""

import numpy as np

from .reference import NF4_LEVELS


def _nearest(x, levels):
    return np.argmin(np.abs(x[..., None] - levels), axis=-1).astype(np.uint8)


def block_axis(w, block_size=64):
    # Blocks taken in Fortran (column-major) order: down the columns of a matrix.
    blocks = np.asarray(w).ravel(order="F").reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    absmax = np.where(absmax > 0, absmax, 1.0)
    return _nearest(blocks / absmax[:, None], NF4_LEVELS).reshape(-1), absmax


def nearest_code_search(w, block_size=64):
    # searchsorted on the levels themselves: the largest level <= x (a floor), with no
    # comparison against the level above.
    blocks = np.asarray(w).reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    absmax = np.where(absmax > 0, absmax, 1.0)
    x = blocks / absmax[:, None]
    idx = np.searchsorted(NF4_LEVELS, x, side="right") - 1
    return np.clip(idx, 0, 15).astype(np.uint8).reshape(-1), absmax


def zero_absmax_block(w, block_size=64):
    # No guard for an all-zero block: 0 / 0 = NaN, and argmin over NaN returns index 0.
    blocks = np.asarray(w).reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        x = blocks / absmax[:, None]
    return _nearest(x, NF4_LEVELS).reshape(-1), absmax


def linear_levels(w, block_size=64):
    # 16 evenly spaced levels in [-1, 1] (np.linspace) instead of NF4's normal quantiles.
    blocks = np.asarray(w).reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    absmax = np.where(absmax > 0, absmax, 1.0)
    return _nearest(blocks / absmax[:, None], np.linspace(-1.0, 1.0, 16)).reshape(-1), absmax


def ties_to_upper(w, block_size=64):
    # A value exactly halfway between two levels goes to the upper one (searchsorted on the
    # midpoints with side="right", or the last minimum of the distances).
    blocks = np.asarray(w).reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1)
    absmax = np.where(absmax > 0, absmax, 1.0)
    mids = (NF4_LEVELS[:-1] + NF4_LEVELS[1:]) / 2
    idx = np.searchsorted(mids, blocks / absmax[:, None], side="right")
    return idx.astype(np.uint8).reshape(-1), absmax


MISTAKES = {
    "block_axis": block_axis,
    "nearest_code_search": nearest_code_search,
    "zero_absmax_block": zero_absmax_block,
    "linear_levels": linear_levels,
    "ties_to_upper": ties_to_upper,
}

MESSAGES = {
    "block_axis": {
        "en": "Your blocks run down the columns (Fortran order: w.T.reshape(-1), "
        "ravel(order='F')). The contract flattens w in C order, w.reshape(-1), so a block is "
        "block_size consecutive values of the row-major layout, as bitsandbytes does with "
        "A.reshape(n).",
        "zh": "你的分块是沿列往下取的（Fortran 顺序：w.T.reshape(-1)、ravel(order='F')）。"
        "题目要求按 C 顺序展平，w.reshape(-1)：一块是行优先布局里连续的 block_size 个数，"
        "和 bitsandbytes 的 A.reshape(n) 一样。",
    },
    "nearest_code_search": {
        "en": "You looked the value up with searchsorted on the levels and took the level "
        "below (largest level <= x), so a value just under a level is sent to the previous "
        "one. The nearest level needs a comparison with both neighbours: searchsorted on "
        "the 15 midpoints between levels, or argmin of |x - level|.",
        "zh": "你用 searchsorted 在码表上查找，取的是下方那个码值（≤ x 的最大码值），"
        "所以略小于某个码值的数会被分到前一个码值。最近码值要和两边的邻居都比较："
        "在相邻码值的 15 个中点上 searchsorted，或者对 |x - level| 取 argmin。",
    },
    "zero_absmax_block": {
        "en": "An all-zero block divides 0 by 0: its values become NaN, argmin over NaN "
        "returns code 0 (-1.0), and its absmax is returned as 0. The contract gives such a "
        "block absmax 1.0, so its values normalise to 0.0 and get the code of level 0 "
        "(index 7).",
        "zh": "全 0 的块做了 0 / 0：值变成 NaN，对 NaN 取 argmin 得到码值 0（也就是 -1.0），"
        "返回的 absmax 还是 0。题目规定这种块的 absmax 为 1.0，归一化后都是 0.0，"
        "对应码值 7（level 0）。",
    },
    "linear_levels": {
        "en": "You used 16 evenly spaced levels (np.linspace(-1, 1, 16)), which is plain "
        "absmax int4, not NF4. NF4's levels are quantiles of a normal distribution, denser "
        "near 0, and include 0 exactly: use the 16 values given in the statement.",
        "zh": "你用了 16 个等间距的码值（np.linspace(-1, 1, 16)），这只是普通的 absmax int4，"
        "不是 NF4。NF4 的码值是正态分布的分位数，靠近 0 更密，而且正好包含 0："
        "请用题目给出的 16 个数。",
    },
    "ties_to_upper": {
        "en": "A value exactly halfway between two levels went to the upper level "
        "(searchsorted(..., side='right') on the midpoints, or a <= that keeps the last "
        "minimum). The contract sends a tie to the lower index, as argmin (the first "
        "minimum) and bitsandbytes' kernel (x > threshold goes up) do.",
        "zh": "恰好落在两个码值正中间的数被分到了上面那个码值（在中点上用 "
        "searchsorted(..., side='right')，或者用 <= 比较，保留的是最后一个最小值）。"
        "题目规定打平时取下标小的那个，和 argmin（第一个最小值）以及 bitsandbytes 的 kernel"
        "（x > 阈值才往上走）一致。",
    },
}
