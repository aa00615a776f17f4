"""Cases for the RMSNorm backward pass: 2-D, 3-D and 4-D inputs, weight away from 1, rows
whose mean square is close to eps, an all-zero row, a large eps with small rows, rows far
from zero mean, and d=2. Everything is float64; no 2-D case has N equal to d."""

import numpy as np

from graders import Case, Note


def _case(rng: np.random.Generator, shape: tuple[int, ...], scale: float = 1.0) -> dict:
    d = shape[-1]
    return {
        "x": rng.normal(size=shape) * scale,
        "weight": 1.0 + 0.5 * rng.normal(size=d),
        "grad_out": rng.normal(size=shape),
    }


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3801 + seed)
    # mean(x^2) about 1e-6, the size of the default eps: eps outside the root shows.
    near_zero = _case(rng, (4, 6), scale=1e-3)
    # One row exactly zero among ordinary rows: rstd = 1/sqrt(eps) there, x_hat = 0.
    zero_row = _case(rng, (5, 8))
    zero_row["x"][2] = 0.0
    # Rows with a large common offset: a subtracted mean of g is far from zero.
    offset = _case(rng, (2, 4, 6))
    offset["x"] = offset["x"] + 4.0
    return [
        Case(
            "N=3, d=4",
            _case(rng, (3, 4)),
            note=Note("2-D input, weight away from 1", "二维输入，weight 不为 1"),
        ),
        Case(
            "B=2, L=3, d=5",
            _case(rng, (2, 3, 5)),
            note=Note(
                "3-D input: grad_weight sums over B and L, shape [5]",
                "三维输入：grad_weight 要对 B 和 L 求和，形状 [5]",
            ),
        ),
        Case("B=2, L=7, d=16", _case(rng, (2, 7, 16), scale=3.0), hidden=True),
        Case("rows near zero", near_zero, hidden=True),
        Case(
            "large eps, small rows", {**_case(rng, (3, 4, 6), scale=0.1), "eps": 1e-2}, hidden=True
        ),
        Case("an all-zero row", zero_row, hidden=True),
        Case("rows far from zero mean", offset, hidden=True),
        Case("4-D input", _case(rng, (2, 2, 3, 8)), hidden=True),
        Case("d=2", {**_case(rng, (3, 4, 2)), "eps": 1e-3}, hidden=True),
    ]
