"""Cases for the sliding-window mask: bands of several widths, and windows that cover all."""

import random

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden sizes and windows drawn afresh for each submission (seed 0: the
    defaults). Each draw keeps its point: a narrow band, a wide one, window == 1, a window
    as long as the sequence and one longer."""
    rng = random.Random(seed)

    def pick(default: int, low: int, high: int) -> int:
        return default if not seed else rng.randint(low, high)

    narrow = pick(9, 7, 14)
    wide = pick(16, 14, 30)
    equal = pick(6, 4, 9)
    return [
        Case(
            "size 5, window 2",
            {"size": 5, "window": 2},
            note=Note("i - 2 < j <= i: itself and one before", "i - 2 < j <= i：自己和前一个"),
        ),
        Case(
            "size 6, window 3",
            {"size": 6, "window": 3},
            note=Note("a band three keys wide", "宽度为 3 的带状区域"),
        ),
        Case("narrow band", {"size": narrow, "window": pick(3, 2, 4)}, hidden=True),
        Case("wide band", {"size": wide, "window": pick(5, 5, 9)}, hidden=True),
        Case("window 1: only itself", {"size": pick(4, 3, 8), "window": 1}, hidden=True),
        Case("window == size: plain causal", {"size": equal, "window": equal}, hidden=True),
        Case("window > size", {"size": pick(5, 3, 7), "window": pick(12, 8, 20)}, hidden=True),
        Case("single token", {"size": 1, "window": pick(2, 1, 4)}, hidden=True),
    ]
