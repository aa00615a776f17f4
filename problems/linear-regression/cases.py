"""Cases for closed-form ridge regression with an intercept: ordinary least squares
(l2 = 0) with N > D, an exact fit (N = D + 1), D = 1, ridge with N >= D and with N < D,
a constant feature, strong shrinkage, features on very different scales, and a small l2.
Every X has column means away from 0 and every y an intercept away from 0, so an
intercept that is dropped, penalised or recovered without mean(X) always shows."""

import numpy as np

from graders import Case, Note


def _data(rng, n, d, *, l2=None, scale=None, noise=0.3):
    """X [n, d] with offset columns, y = X w + b + noise; the intercept is 1.5 to 4 in size."""
    offset = rng.uniform(1.0, 3.0, size=d) * rng.choice([-1.0, 1.0], size=d)
    X = rng.normal(size=(n, d)) + offset
    if scale is not None:
        X = X * scale
    w_true = rng.normal(size=d)
    if scale is not None:
        w_true = w_true / scale
    b_true = rng.uniform(1.5, 4.0) * rng.choice([-1.0, 1.0])
    y = X @ w_true + b_true + noise * rng.normal(size=n)
    case = {"X": X, "y": y}
    if l2 is not None:
        case["l2"] = l2
    return case


def _ols(rng, n, d):
    """Data for l2 = 0, redrawn until the centred X is well conditioned (cond < 1e3)."""
    while True:
        case = _data(rng, n, d)
        if np.linalg.cond(case["X"] - case["X"].mean(axis=0)) < 1e3:
            return case


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(4711 + seed)
    constant = _data(rng, 15, 4, l2=0.5)
    constant["X"][:, 2] = 3.0  # a feature that never varies: its centred column is 0
    return [
        Case(
            "N=6, D=2, l2=0 (default)",
            _ols(rng, 6, 2),
            note=Note(
                "ordinary least squares with an intercept; X's columns do not have mean 0",
                "带截距的普通最小二乘；X 的各列均值不为 0",
            ),
        ),
        Case(
            "N=8, D=3, l2=1",
            _data(rng, 8, 3, l2=1.0),
            note=Note(
                "ridge: l2 * ||w||^2 is added to the summed squared error; b is not penalised",
                "岭回归：在平方误差之和上加 l2 * ||w||^2；b 不加惩罚",
            ),
        ),
        Case(
            "N=4 < D=6, l2=0.5",
            _data(rng, 4, 6, l2=0.5),
            note=Note(
                "more features than samples: only solvable because l2 > 0",
                "特征比样本多：只有 l2 > 0 时才有唯一解",
            ),
        ),
        Case("N=30, D=5, l2=0", _ols(rng, 30, 5), hidden=True),
        Case("D=1, N=12, l2=0", {**_ols(rng, 12, 1), "l2": 0.0}, hidden=True),
        Case("exact fit, N=5, D=4, l2=0", _ols(rng, 5, 4), hidden=True),
        Case("N=50, D=8, l2=10", _data(rng, 50, 8, l2=10.0), hidden=True),
        Case("N=5 < D=12, l2=0.1", _data(rng, 5, 12, l2=0.1), hidden=True),
        Case("a constant feature, l2=0.5", constant, hidden=True),
        Case("strong shrinkage, l2=1000", _data(rng, 20, 3, l2=1000.0), hidden=True),
        Case(
            "feature scales 0.1 to 100, l2=2",
            _data(rng, 25, 4, l2=2.0, scale=np.array([0.1, 1.0, 10.0, 100.0])),
            hidden=True,
        ),
        Case("N=40, D=6, l2=0.001", _data(rng, 40, 6, l2=1e-3), hidden=True),
    ]
