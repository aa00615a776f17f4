"""Cases for group-wise asymmetric int4 quantisation: group sizes 4, 8, 32 and the default
128, exact .5 ties in the codes and in the zero points, constant groups, groups of only
positive or only negative weights, an outlier group.

Tie groups are built on a grid so that every division is exact: a group's step is a power
of two s, its min is -(z + f) * s with f in {0.25, 0.5, 0.75} and its max is min + 15 s, so
scale = (max - min) / 15 is exactly s and -min / scale exactly z + f; half the other
entries are (n + 1/2) * s, so w / scale is exactly n + 1/2 whatever the draw. Every
shape has `out` a multiple of group_size, so grouping down the rows is a wrong answer, not
an error."""

import numpy as np

from graders import Case, Note


def _grid_group(rng: np.random.Generator, size: int, side: str = "both") -> np.ndarray:
    """One group of `size` values on a grid of step s = 2^k. side: 'both' (min < 0 < max),
    'pos' (all > 0) or 'neg' (all < 0)."""
    s = 2.0 ** int(rng.integers(-8, -2))
    if side == "both":
        z = int(rng.integers(1, 14))
        frac = (0.25, 0.5, 0.75)[int(rng.integers(0, 3))]
        lo = -(z + frac) * s
    elif side == "pos":
        lo = int(rng.integers(1, 6)) * s + 0.25 * s
    else:
        lo = -(int(rng.integers(16, 22)) + 0.75) * s
    hi = lo + 15 * s
    a, b = lo / s, hi / s  # the group spans [a, b] in units of s
    n = rng.integers(int(np.ceil(a)), int(np.floor(b - 0.5)) + 1, size=size)
    tie = rng.random(size) < 0.5
    vals = np.where(tie, n + 0.5, rng.uniform(a, b, size=size)) * s
    idx = rng.permutation(size)[:2]
    vals[idx[0]], vals[idx[1]] = lo, hi
    return vals


def _grid_rows(
    rng: np.random.Generator, rows: int, cols: int, group_size: int, sides=("both",)
) -> np.ndarray:
    out = np.empty((rows, cols))
    for r in range(rows):
        for c in range(0, cols, group_size):
            side = sides[int(rng.integers(0, len(sides)))]
            out[r, c : c + group_size] = _grid_group(rng, group_size, side)
    return out


def _constant_rows(rng: np.random.Generator) -> np.ndarray:
    """[4, 16], group_size 4: constant groups (0, positive, negative) next to normal ones."""
    w = rng.normal(size=(4, 16)) * 0.05
    w[0, 0:4] = 0.0
    w[1, 4:8] = rng.uniform(0.2, 3.0)
    w[2, 8:12] = -rng.uniform(0.2, 3.0)
    w[3, 12:16] = rng.uniform(3.5, 6.0)
    return w


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; w is always float64."""
    rng = np.random.default_rng(4501 + seed)

    outlier = rng.normal(size=(16, 64)) * 0.02
    outlier[5, rng.integers(16, 32)] = 0.6 * (1.0 if rng.random() < 0.5 else -1.0)
    sample_two = _grid_rows(rng, 8, 16, 8, sides=("both", "pos", "neg"))
    sample_two[3, 8:16] = 0.0
    return [
        Case(
            "4x8, group_size=4, ties",
            {"w": _grid_rows(rng, 4, 8, 4), "group_size": 4},
            note=Note(
                "two groups per row; every step is a power of two, so some w / scale and "
                "some -min / scale are exactly n + 0.5",
                "每行两组；步长都是 2 的幂，有些 w / scale 和 -min / scale 恰好是 n + 0.5",
            ),
        ),
        Case(
            "8x16, group_size=8, one-sided and zero groups",
            {"w": sample_two, "group_size": 8},
            note=Note(
                "some groups are all positive or all negative (their zero point clips to 0 "
                "or 15); row 3's second group is all zeros (scale 1.0)",
                "有些组全正或全负（zero point 被裁剪到 0 或 15）；"
                "第 3 行第二组全为 0（scale 为 1.0）",
            ),
        ),
        Case(
            "default group_size=128, 128x256",
            {"w": rng.normal(size=(128, 256)) * 0.02},
            hidden=True,
        ),
        Case(
            "group_size=32, Gaussian",
            {"w": rng.normal(size=(32, 96)) * 0.03, "group_size": 32},
            hidden=True,
        ),
        Case("ties, group_size=8", {"w": _grid_rows(rng, 8, 32, 8), "group_size": 8}, hidden=True),
        Case(
            "ties, group_size=32",
            {"w": _grid_rows(rng, 32, 64, 32, sides=("both", "pos")), "group_size": 32},
            hidden=True,
        ),
        Case(
            "one-sided groups, group_size=8",
            {"w": _grid_rows(rng, 8, 24, 8, sides=("pos", "neg")), "group_size": 8},
            hidden=True,
        ),
        Case(
            "constant groups, group_size=4",
            {"w": _constant_rows(rng), "group_size": 4},
            hidden=True,
        ),
        Case("one outlier, group_size=16", {"w": outlier, "group_size": 16}, hidden=True),
        Case(
            "shifted weights, group_size=4",
            {"w": rng.normal(size=(8, 32)) * 0.1 + rng.normal(size=(8, 1)) * 0.2, "group_size": 4},
            hidden=True,
        ),
    ]
