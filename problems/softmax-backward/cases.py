"""Cases for the softmax backward pass: several shapes and axes, peaked rows, a one-hot
upstream gradient. Everything is float64; y is always a true softmax of some logits."""

import numpy as np

from graders import Case, Note


def _softmax(x: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(2401 + seed)

    def pair(shape: tuple[int, ...], axis: int = -1, scale: float = 1.5) -> dict:
        y = _softmax(rng.normal(size=shape) * scale, axis)
        return {"y": y, "grad_y": rng.normal(size=shape)}

    one_hot = np.eye(8)[rng.integers(0, 8, size=6)] * -2.0  # dL/dy of a loss on one class
    return [
        Case(
            "N=2, C=4",
            pair((2, 4)),
            note=Note("softmax over the last axis", "softmax 沿最后一维"),
        ),
        Case(
            "axis=0",
            {**pair((4, 3), axis=0), "axis": 0},
            note=Note(
                "softmax over the columns: each column sums to 1", "沿列做 softmax：每列和为 1"
            ),
        ),
        Case("attention weights [2, 3, 5, 5]", pair((2, 3, 5, 5), scale=2.0), hidden=True),
        Case("axis=1 of [3, 6, 4]", {**pair((3, 6, 4), axis=1), "axis": 1}, hidden=True),
        Case("axis=-2 of [2, 5, 7]", {**pair((2, 5, 7), axis=-2), "axis": -2}, hidden=True),
        Case("1-D, C=10", pair((10,)), hidden=True),
        Case("peaked rows", pair((4, 9), scale=8.0), hidden=True),
        Case(
            "one-hot upstream gradient",
            {"y": _softmax(rng.normal(size=(6, 8)), -1), "grad_y": one_hot},
            hidden=True,
        ),
    ]
