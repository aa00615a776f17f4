"""Cases for the position-wise feed-forward network."""

import numpy as np

from graders import Case, Note


def _inputs(rng: np.random.Generator, shape: tuple[int, ...], d_ff: int) -> dict:
    d_model = shape[-1]
    return {
        "x": rng.normal(size=shape),
        "w1": rng.normal(size=(d_model, d_ff)) / np.sqrt(d_model),
        "b1": rng.normal(size=d_ff) * 0.5,
        "w2": rng.normal(size=(d_ff, d_model)) / np.sqrt(d_ff),
        "b2": rng.normal(size=d_model) * 0.5,
    }


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(707 + seed)
    return [
        Case(
            "B=1, L=2, d_model 3, d_ff 4",
            _inputs(rng, (1, 2, 3), 4),
            note=Note("ReLU between the two layers", "两层之间是 ReLU"),
        ),
        Case(
            "2-D input",
            _inputs(rng, (5, 4), 8),
            note=Note("x is [L, d_model]", "x 为 [L, d_model]"),
        ),
        Case("B=2, L=6, d_ff 32", _inputs(rng, (2, 6, 8), 32), hidden=True),
        Case("d_ff < d_model", _inputs(rng, (3, 4, 16), 6), hidden=True),
        Case("4-D input", _inputs(rng, (2, 2, 3, 5), 10), hidden=True),
    ]
