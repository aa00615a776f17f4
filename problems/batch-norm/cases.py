"""Cases for batch norm: training and eval mode, running statistics, momentum and eps.

Training cases need N >= 2 (the unbiased variance divides by N - 1). Momentum is never 0.5,
where the two ways round of the running update agree. Features get different scales and
offsets, so statistics taken over the wrong axis are clearly wrong.
"""

import numpy as np

from graders import Case, Note


def _features(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """[N, D] with a different mean and spread per feature."""
    return rng.normal(size=(n, d)) * rng.uniform(0.5, 3.0, size=d) + rng.normal(size=d) * 2


def _params(rng: np.random.Generator, d: int) -> dict:
    return {"gamma": 1.0 + 0.5 * rng.normal(size=d), "beta": 0.5 * rng.normal(size=d)}


def _running(rng: np.random.Generator, d: int) -> dict:
    return {"running_mean": rng.normal(size=d), "running_var": rng.uniform(0.5, 2.0, size=d)}


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(707 + seed)
    return [
        Case(
            "training, fresh running stats",
            {
                "x": _features(rng, 4, 3),
                **_params(rng, 3),
                "running_mean": np.zeros(3),
                "running_var": np.ones(3),
                "training": True,
            },
            note=Note(
                "N=4, D=3; running stats as PyTorch initialises them",
                "N=4，D=3；滑动统计量为 PyTorch 的初始值",
            ),
        ),
        Case(
            "eval",
            {"x": _features(rng, 3, 4), **_params(rng, 4), **_running(rng, 4), "training": False},
            note=Note("running stats are used and returned unchanged", "使用并原样返回滑动统计量"),
        ),
        Case(
            "training, momentum 0.3",
            {
                "x": _features(rng, 8, 5),
                **_params(rng, 5),
                **_running(rng, 5),
                "training": True,
                "momentum": 0.3,
            },
            hidden=True,
        ),
        Case(
            "training, N = 2",
            {"x": _features(rng, 2, 6), **_params(rng, 6), **_running(rng, 6), "training": True},
            hidden=True,
        ),
        Case(
            "eval, eps 0.5",
            {
                "x": _features(rng, 5, 3),
                **_params(rng, 3),
                **_running(rng, 3),
                "training": False,
                "eps": 0.5,
            },
            hidden=True,
        ),
        Case(
            "training, N = 32, D = 8, momentum 0.05, eps 1e-3",
            {
                "x": _features(rng, 32, 8),
                **_params(rng, 8),
                **_running(rng, 8),
                "training": True,
                "momentum": 0.05,
                "eps": 1e-3,
            },
            hidden=True,
        ),
        Case(
            "eval, N = 16",
            {"x": _features(rng, 16, 7), **_params(rng, 7), **_running(rng, 7), "training": False},
            hidden=True,
        ),
    ]
