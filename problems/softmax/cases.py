"""Cases for softmax: small rows, other axes, and logits near ±1000."""

import numpy as np

from graders import Case, Note, Stability


def _spiked(x: np.ndarray) -> np.ndarray:
    """Each row with one value 1500 above its largest: far above the mean, whatever the draw,
    so that shifting by anything but the maximum overflows exp()."""
    x = x.copy()
    x[:, 0] = x.max(axis=1) + 1500
    return x


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; float64 inputs."""
    rng = np.random.default_rng(101 + seed)
    return [
        Case(
            "2x3 rows",
            {"x": np.array([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]])},
            note=Note("default axis=-1", "默认 axis=-1"),
        ),
        Case(
            "axis=0",
            {"x": np.array([[1.0, 2.0], [3.0, 4.0], [0.0, -2.0]]), "axis": 0},
            note=Note("columns sum to 1", "每一列和为 1"),
        ),
        Case(
            "logits near ±1000",
            {"x": np.array([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -999.0]])},
            note=Note("naive exp overflows", "直接 exp 会溢出"),
            check=Stability(),
        ),
        Case("3-D, default axis", {"x": rng.normal(size=(2, 3, 5)) * 3}, hidden=True),
        Case("3-D, axis=1", {"x": rng.normal(size=(2, 4, 3)), "axis": 1}, hidden=True),
        Case("1-D vector", {"x": rng.normal(size=7)}, hidden=True),
        Case(
            "mixed scale rows",
            {
                "x": _spiked(
                    np.concatenate(
                        [rng.normal(size=(2, 6)) * 400 + 1000, rng.normal(size=(2, 6)) * 400 - 1000]
                    )
                )
            },
            hidden=True,
        ),
        Case("axis=-2 on 4-D", {"x": rng.normal(size=(2, 3, 4, 2)) * 10, "axis": -2}, hidden=True),
        Case("single column", {"x": rng.normal(size=(4, 1))}, hidden=True),
    ]
