"""Cases for the causal mask: square boolean, True on and below the diagonal."""

import random

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases, and hidden sizes drawn afresh for each submission (seed 0: the defaults)."""
    rng = random.Random(seed)

    def size(default: int, low: int, high: int) -> int:
        return default if not seed else rng.randint(low, high)

    hidden = [size(7, 5, 12), size(16, 13, 40), size(2, 2, 4)]
    return [
        Case("size 4", {"size": 4}, note=Note("True where j <= i", "j <= i 处为 True")),
        Case("size 1", {"size": 1}, note=Note("a single token sees itself", "单个 token 只看自己")),
        *[Case(f"size {n}", {"size": n}, hidden=True) for n in hidden],
    ]
