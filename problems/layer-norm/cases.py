"""Cases for layer norm: non-default weights, large eps, a near-constant row."""

import numpy as np

from graders import Case, Note


def _params(rng: np.random.Generator, d: int) -> dict:
    return {"gamma": rng.normal(size=d) + 1.0, "beta": rng.normal(size=d)}


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(606 + seed)
    # Variance near eps (so where eps goes matters), but float32 still resolves the values.
    near_constant = 3.0 + 1e-2 * rng.normal(size=(2, 4, 8))
    return [
        Case(
            "gamma=1, beta=0",
            {"x": rng.normal(size=(1, 2, 4)) * 2 + 1, "gamma": np.ones(4), "beta": np.zeros(4)},
            note=Note("plain normalisation", "纯归一化"),
        ),
        Case(
            "learned gamma, beta",
            {"x": rng.normal(size=(2, 3, 6)), **_params(rng, 6)},
            note=Note("non-default weights", "非默认权重"),
        ),
        Case(
            "large eps",
            {"x": rng.normal(size=(2, 3, 5)), **_params(rng, 5), "eps": 0.5},
            hidden=True,
        ),
        Case("near-constant rows", {"x": near_constant, **_params(rng, 8)}, hidden=True),
        Case("2-D input", {"x": rng.normal(size=(4, 16)) * 5, **_params(rng, 16)}, hidden=True),
        Case(
            "odd width, small eps",
            {"x": rng.normal(size=(3, 7)), **_params(rng, 7), "eps": 1e-8},
            hidden=True,
        ),
    ]
