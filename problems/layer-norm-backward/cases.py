"""Cases for the layer norm backward pass: 2-D, 3-D and 4-D inputs, gamma away from 1, a
large eps, near-constant rows, offset and scaled features. Everything is float64."""

import numpy as np

from graders import Case, Note


def _case(rng: np.random.Generator, shape: tuple[int, ...], scale: float = 1.0) -> dict:
    d = shape[-1]
    return {
        "x": rng.normal(size=shape) * scale + rng.normal(size=d),
        "gamma": 1.0 + 0.5 * rng.normal(size=d),
        "grad_out": rng.normal(size=shape),
    }


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(2411 + seed)
    near_constant = _case(rng, (3, 6))
    near_constant["x"] = 2.0 + 3e-3 * rng.normal(size=(3, 6))  # variance near eps
    return [
        Case(
            "N=3, D=4",
            _case(rng, (3, 4)),
            note=Note("2-D input, gamma away from 1", "二维输入，gamma 不为 1"),
        ),
        Case(
            "B=2, L=3, D=5",
            _case(rng, (2, 3, 5)),
            note=Note(
                "3-D input: grad_gamma and grad_beta sum over B and L",
                "三维输入：grad_gamma 和 grad_beta 要对 B 和 L 求和",
            ),
        ),
        Case("B=2, L=7, D=16", _case(rng, (2, 7, 16), scale=3.0), hidden=True),
        Case("large eps", {**_case(rng, (4, 5)), "eps": 0.5}, hidden=True),
        Case("near-constant rows", near_constant, hidden=True),
        Case("4-D input", _case(rng, (2, 2, 3, 8)), hidden=True),
        Case("D=2", {**_case(rng, (3, 4, 2)), "eps": 1e-3}, hidden=True),
    ]
