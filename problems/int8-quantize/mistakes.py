"""Known mistakes in symmetric per-channel quantisation."""

import numpy as np


def _absmax_scale(w, qmax):
    absmax = np.abs(w).max(axis=1)
    return np.where(absmax > 0, absmax / qmax, 1.0)


def qmax_off_by_one(w, bits=8):
    # The int8 range [-128, 127] taken literally: qmax = 2^(bits-1) = 128.
    half = 2 ** (bits - 1)
    scale = _absmax_scale(w, half)
    q = np.clip(np.rint(w / scale[:, None]), -half, half - 1)
    return q.astype(np.int8), scale


def per_tensor_scale(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    absmax = np.abs(w).max()
    s = absmax / qmax if absmax > 0 else 1.0
    scale = np.full(w.shape[0], s)
    q = np.clip(np.rint(w / s), -qmax, qmax)
    return q.astype(np.int8), scale


def round_toward_zero(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    scale = _absmax_scale(w, qmax)
    q = np.clip(w / scale[:, None], -qmax, qmax)
    return q.astype(np.int8), scale  # the cast truncates: 3.7 -> 3, -2.5 -> -2


def round_half_away_from_zero(w, bits=8):
    qmax = 2 ** (bits - 1) - 1
    scale = _absmax_scale(w, qmax)
    x = w / scale[:, None]
    q = np.clip(np.sign(x) * np.floor(np.abs(x) + 0.5), -qmax, qmax)
    return q.astype(np.int8), scale


MISTAKES = {
    "qmax_off_by_one": qmax_off_by_one,
    "per_tensor_scale": per_tensor_scale,
    "round_toward_zero": round_toward_zero,
    "round_half_away_from_zero": round_half_away_from_zero,
}

MESSAGES = {
    "qmax_off_by_one": {
        "en": "Your scale divides the absmax by 2^(bits-1) (128 for int8): you took the "
        "two's-complement range [-128, 127] as the symmetric one. Symmetric quantisation "
        "uses qmax = 2^(bits-1) - 1 (127), so that +absmax and -absmax both map to a code "
        "and the range [-127, 127] stays symmetric.",
        "zh": "你的 scale 用 absmax 除以 2^(bits-1)（int8 时是 128），把补码的范围 [-128, 127] "
        "当成了对称范围。对称量化的 qmax 是 2^(bits-1) - 1（127），这样 +absmax 和 -absmax "
        "都能映射到码值上，[-127, 127] 才是对称的。",
    },
    "per_tensor_scale": {
        "en": "You used one scale for the whole matrix (the absmax of all of w). The task is "
        "per output channel: take the absmax of each row (axis=1), so a row with small "
        "weights is not squeezed into a few codes by another row's outlier.",
        "zh": "你对整个矩阵只用了一个 scale（整个 w 的 absmax）。题目要求逐输出通道量化："
        "每一行（axis=1）各取 absmax，否则某一行的离群值会把数值小的行压缩到寥寥几个码值上。",
    },
    "round_toward_zero": {
        "en": "You cast w / scale to an integer type without rounding: astype truncates "
        "toward zero (3.7 -> 3, -0.9 -> 0), which biases every code toward 0. Round first "
        "(np.round or np.rint, which round half to even), then clip and cast.",
        "zh": "你把 w / scale 直接 astype 成整数，没有先取整：astype 是向零截断（3.7 -> 3，"
        "-0.9 -> 0），所有码值都偏向 0。应先取整（np.round 或 np.rint，都是四舍六入五取偶），"
        "再裁剪、再转类型。",
    },
    "round_half_away_from_zero": {
        "en": "You round halves away from zero (floor(|x| + 0.5), C's roundf), so 2.5 -> 3 and "
        "-2.5 -> -3. The contract rounds half to even, like np.round, np.rint and "
        "torch.round: 2.5 -> 2, 3.5 -> 4.",
        "zh": "你的取整是“四舍五入、远离零”（floor(|x| + 0.5)，也就是 C 的 roundf），2.5 -> 3，"
        "-2.5 -> -3。题目要求五取偶（银行家舍入），与 np.round、np.rint、torch.round 一致："
        "2.5 -> 2，3.5 -> 4。",
    },
}
