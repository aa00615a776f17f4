"""Cases for NumPy multi-head self-attention with per-head weight lists."""

import numpy as np

from graders import Case, Note


def _inputs(rng: np.random.Generator, b: int, length: int, d_model: int, heads: int | None) -> dict:
    h = heads or 8
    d_k = d_model // h
    scale = 1 / np.sqrt(d_model)
    inputs = {
        "x": rng.normal(size=(b, length, d_model)),
        "wq": [rng.normal(size=(d_model, d_k)) * scale for _ in range(h)],
        "wk": [rng.normal(size=(d_model, d_k)) * scale for _ in range(h)],
        "wv": [rng.normal(size=(d_model, d_k)) * scale for _ in range(h)],
        "wo": rng.normal(size=(d_model, d_model)) * scale,
    }
    if heads is not None:
        inputs["num_heads"] = heads
    return inputs


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(404 + seed)
    return [
        Case("2 heads, d_model 8", _inputs(rng, 1, 3, 8, 2), note=Note("B=1, L=3", "B=1，L=3")),
        Case(
            "default num_heads=8",
            _inputs(rng, 2, 4, 16, None),
            note=Note("num_heads not passed", "未传 num_heads"),
        ),
        Case("4 heads, odd length", _inputs(rng, 2, 5, 16, 4), hidden=True),
        Case("3 heads, d_model 12", _inputs(rng, 3, 6, 12, 3), hidden=True),
        Case("1 head", _inputs(rng, 2, 4, 6, 1), hidden=True),
        Case("8 heads, d_model 64", _inputs(rng, 1, 7, 64, 8), hidden=True),
    ]
