"""Cases for per-channel symmetric quantisation: int8, 4-bit and 2-bit codes, rows with
exact .5 ties after the division, zero rows, an outlier row, negative maxima.

Tie rows are built so that the division is exact: the row's scale is a power of two s
(its absmax is qmax * s), and the ties are (n + 1/2) * s, so w / scale is exactly n + 1/2
whatever the draw. Each tie row holds ties with n odd and n even, of both signs: truncation
and rounding half away from zero each get some of them wrong."""

import numpy as np

from graders import Case, Note


def _tie_rows(rng: np.random.Generator, rows: int, cols: int, bits: int) -> np.ndarray:
    """[rows, cols]: each row's absmax is +-qmax * 2^k (the sign drawn), a third of the
    entries are exact ties (n + 1/2) * 2^k, the rest uniform in (-qmax, qmax) * 2^k."""
    qmax = 2 ** (bits - 1) - 1
    out = np.empty((rows, cols))
    for r in range(rows):
        s = 2.0 ** int(rng.integers(-6, 3))
        u = rng.uniform(-qmax + 0.01, qmax - 0.01, size=cols)
        n = rng.integers(-qmax, qmax, size=cols)  # n + 1/2 lies in (-qmax, qmax)
        if qmax > 1:  # one odd and one even tie of each sign, whatever the draw
            odd = 1 + 2 * rng.integers(0, qmax // 2, size=2)
            even = 2 * rng.integers(0, (qmax + 1) // 2, size=2)
            n[:4] = [odd[0], -odd[1] - 1, even[0], -even[1] - 1]
        else:  # qmax = 1: the only ties are +-1/2
            n[:4] = [0, -1, 0, -1]
        tie = np.zeros(cols, dtype=bool)
        tie[:4] = True
        tie[4:] = rng.random(cols - 4) < 0.3
        row = np.where(tie, n + 0.5, u)
        row[rng.integers(4, cols)] = qmax if rng.random() < 0.5 else -qmax  # the absmax
        out[r] = rng.permutation(row) * s
    return out


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; w is always float64."""
    rng = np.random.default_rng(3401 + seed)

    zero_rows = rng.normal(size=(5, 8))
    zero_rows[[0, 3]] = 0.0
    outlier = rng.normal(size=(6, 16)) * 0.05
    outlier[2, rng.integers(0, 16)] = 4.0 * (1.0 if rng.random() < 0.5 else -1.0)
    negative = rng.uniform(-1.0, 1.0, size=(6, 10))
    negative[np.arange(6), rng.integers(0, 10, size=6)] = -rng.uniform(1.5, 3.0, size=6)
    mixed = _tie_rows(rng, 4, 12, 4)
    mixed[1] = 0.0
    return [
        Case(
            "4x6, int8, ties",
            {"w": _tie_rows(rng, 4, 6, 8)},
            note=Note(
                "bits=8; some entries land exactly on n + 0.5 after dividing by the scale",
                "bits=8；有些元素除以 scale 后恰好落在 n + 0.5 上",
            ),
        ),
        Case(
            "3x5, bits=4, a zero row",
            {"w": np.vstack([_tie_rows(rng, 2, 5, 4), np.zeros((1, 5))]), "bits": 4},
            note=Note(
                "qmax = 7; the last row is all zeros, so its scale is 1.0",
                "qmax = 7；最后一行全为 0，它的 scale 是 1.0",
            ),
        ),
        Case("16x32, int8, Gaussian weights", {"w": rng.normal(size=(16, 32)) * 0.02}, hidden=True),
        Case("ties in every row, 8x12", {"w": _tie_rows(rng, 8, 12, 8)}, hidden=True),
        Case("bits=4, ties", {"w": _tie_rows(rng, 6, 10, 4), "bits": 4}, hidden=True),
        Case("bits=2, ties", {"w": _tie_rows(rng, 5, 9, 2), "bits": 2}, hidden=True),
        Case("zero rows", {"w": zero_rows}, hidden=True),
        Case("one outlier row", {"w": outlier}, hidden=True),
        Case("negative maxima", {"w": negative}, hidden=True),
        Case("bits=4, ties and a zero row", {"w": mixed, "bits": 4}, hidden=True),
    ]
