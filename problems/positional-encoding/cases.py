"""Cases for the sinusoidal table (positions kept where float32 is still exact enough)."""

import random

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases, and hidden sizes drawn afresh for each submission (seed 0: the defaults)."""
    rng = random.Random(seed)

    def table(default: tuple[int, int], max_len: int) -> Case:
        length, d_model = default if not seed else (rng.randint(4, max_len), 2 * rng.randint(4, 64))
        return Case(
            f"{length} x {d_model}", {"max_seq_len": length, "d_model": d_model}, hidden=True
        )

    return [
        Case(
            "4 positions, d_model 6",
            {"max_seq_len": 4, "d_model": 6},
            note=Note("even columns sin, odd cos", "偶数列 sin，奇数列 cos"),
        ),
        Case(
            "1 position, d_model 2",
            {"max_seq_len": 1, "d_model": 2},
            note=Note("position 0 is [0, 1]", "位置 0 为 [0, 1]"),
        ),
        table((50, 16), 64),
        table((512, 64), 512),
        table((128, 128), 160),
        table((10, 10), 12),
    ]
