"""Cases for logistic regression by gradient descent: the defaults, l2 > 0 with a bias far
from 0 (unbalanced labels, offset features), one step, D=1, separable data, a single class,
and widely spread separable data with a large lr, where z passes +-1000 and an exp(z) in
the sigmoid overflows. Everything is float64; labels are 0.0/1.0."""

import numpy as np

from graders import Case, Note, Stability


def _data(rng, n, d, *, pos=0.5, scale=1.0, offset=0.0, noise=1.0):
    """X [n, d] and noisy labels from a random linear rule; about `pos` of them are 1."""
    X = rng.normal(size=(n, d)) * scale + offset
    w_true = rng.normal(size=d)
    z = (X - offset) @ w_true / scale
    z = z + noise * rng.normal(size=n)
    y = (z > np.quantile(z, 1.0 - pos)).astype(np.float64)
    return {"X": X, "y": y}


def _separable(rng, n, d, *, scale, margin):
    """Labels from a linear rule through the origin, every point at least `margin` away."""
    w_true = rng.normal(size=d)
    w_true /= np.linalg.norm(w_true)
    X = rng.normal(size=(n, d)) * scale
    s = X @ w_true
    X = X + np.outer(np.sign(s) * margin, w_true)  # push each point off the boundary
    return {"X": X, "y": (s > 0).astype(np.float64)}


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3851 + seed)
    single = _data(rng, 9, 3, offset=0.5)
    single["y"] = np.ones(9)
    return [
        Case(
            "N=8, D=2, defaults",
            _data(rng, 8, 2),
            note=Note(
                "lr=0.1, n_iter=100, l2=0: the defaults", "lr=0.1、n_iter=100、l2=0：全用默认值"
            ),
        ),
        Case(
            "N=10, D=3, l2=0.1",
            {**_data(rng, 10, 3, pos=0.3), "lr": 0.5, "n_iter": 20, "l2": 0.1},
            note=Note(
                "30% positives, so b moves away from 0; l2 shrinks w but not b",
                "正例只占 30%，b 会明显偏离 0；l2 只收缩 w，不管 b",
            ),
        ),
        Case("n_iter=1", {**_data(rng, 12, 4, pos=0.25), "lr": 0.3, "n_iter": 1}, hidden=True),
        Case("D=1, l2=0.05", {**_data(rng, 15, 1, pos=0.4), "l2": 0.05, "n_iter": 50}, hidden=True),
        Case(
            "separable, lr=1, 200 steps",
            {**_separable(rng, 20, 2, scale=1.0, margin=0.5), "lr": 1.0, "n_iter": 200},
            hidden=True,
        ),
        Case(
            "offset features, strong l2",
            {**_data(rng, 16, 3, pos=0.7, offset=2.0), "lr": 0.2, "n_iter": 60, "l2": 1.0},
            hidden=True,
        ),
        Case("N=64, D=8, l2=0.01", {**_data(rng, 64, 8), "l2": 0.01}, hidden=True),
        Case("one class only, l2=0.1", {**single, "lr": 0.5, "n_iter": 30, "l2": 0.1}, hidden=True),
        Case(
            "spread-out separable data, lr=5: z past 1000",
            {**_separable(rng, 25, 3, scale=30.0, margin=10.0), "lr": 5.0, "n_iter": 10},
            check=Stability(),
            hidden=True,
        ),
    ]
