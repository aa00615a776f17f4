"""Cases for the Noam schedule: the warmup, the peak, the decay, other sizes and shapes."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; steps are int64 arrays, all >= 1."""
    rng = np.random.default_rng(101 + seed)

    def steps(shape: tuple[int, ...], high: int) -> np.ndarray:
        return rng.integers(1, high, size=shape, dtype=np.int64)

    warmup = int(rng.integers(50, 500))
    around = warmup + np.arange(-3, 4, dtype=np.int64)  # the peak and its neighbours
    return [
        Case(
            "d_model=512, the paper's warmup",
            {"step": np.array([1, 2, 100, 4000, 4001, 8000, 100000]), "d_model": 512},
            note=Note(
                "warmup_steps=4000; the peak is at step 4000",
                "warmup_steps=4000；峰值在第 4000 步",
            ),
        ),
        Case(
            "2-D steps, warmup 10",
            {"step": np.array([[1, 5, 10], [11, 20, 1000]]), "d_model": 64, "warmup_steps": 10},
            note=Note("same shape out as in", "输出形状与输入相同"),
        ),
        Case(
            "around the peak",
            {"step": around, "d_model": 256, "warmup_steps": warmup},
            hidden=True,
        ),
        Case("warmup only", {"step": steps((6,), 4000), "d_model": 512}, hidden=True),
        Case(
            "decay only, factor 2",
            {"step": 4000 + steps((3, 4), 200000), "d_model": 1024, "factor": 2.0},
            hidden=True,
        ),
        Case(
            "3-D steps, small model",
            {
                "step": steps((2, 3, 4), 3 * warmup),
                "d_model": 32,
                "warmup_steps": warmup,
                "factor": 0.5,
            },
            hidden=True,
        ),
        Case(
            "step 1 and far steps",
            {"step": np.array([1, 1, 2, 3, 10**6, 10**7]), "d_model": 768, "warmup_steps": 8000},
            hidden=True,
        ),
    ]
