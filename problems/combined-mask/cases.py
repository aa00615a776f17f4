"""Cases for the combined mask: causal within each row, padding on the key axis."""

import random

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden batches drawn afresh for each submission (seed 0: the defaults).

    Every hidden batch keeps a full-length row and a row of length 1 beside shorter ones,
    so padding on the wrong axis, OR instead of AND and off-by-one lengths all show.
    """
    rng = random.Random(seed)

    def batch(default: list[int], max_len: int) -> torch.Tensor:
        if not seed:
            return torch.tensor(default)
        drawn = [rng.randint(1, max_len) for _ in default]
        slots = rng.sample(range(len(drawn)), 2)
        drawn[slots[0]], drawn[slots[1]] = max_len, 1
        return torch.tensor(drawn)

    def size(default: int, low: int, high: int) -> int:
        return default if not seed else rng.randint(low, high)

    mixed, longer, wide = size(6, 5, 9), size(12, 10, 20), size(8, 6, 12)
    return [
        Case(
            "lengths [2, 4], max_len 4",
            {"lengths": torch.tensor([2, 4]), "max_len": 4},
            note=Note("row b: j <= i and j < lengths[b]", "第 b 条：j <= i 且 j < lengths[b]"),
        ),
        Case(
            "batch 1, full length",
            {"lengths": torch.tensor([3]), "max_len": 3},
            note=Note("no padding: just the causal mask", "没有填充：就是因果掩码"),
        ),
        Case(
            "mixed lengths", {"lengths": batch([3, 6, 1, 4], mixed), "max_len": mixed}, hidden=True
        ),
        Case("single token", {"lengths": torch.tensor([1]), "max_len": 1}, hidden=True),
        Case(
            "longer max_len",
            {"lengths": batch([5, 12, 9], longer), "max_len": longer},
            hidden=True,
        ),
        Case(
            "many rows",
            {"lengths": batch([1, 8, 2, 7, 5, 8], wide), "max_len": wide},
            hidden=True,
        ),
    ]
