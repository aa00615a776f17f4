"""Cases for the padding mask: lengths differ within a batch."""

import random

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases, and hidden lengths drawn afresh for each submission (seed 0: the defaults)."""
    rng = random.Random(seed)

    def lengths(default: list[int], max_len: int) -> torch.Tensor:
        if not seed:
            return torch.tensor(default)
        drawn = [rng.randint(0, max_len) for _ in default]
        drawn[rng.randrange(len(drawn))] = max_len  # one row always fills the batch
        return torch.tensor(drawn)

    return [
        Case(
            "lengths [3, 5, 1]",
            {"lengths": torch.tensor([3, 5, 1]), "max_len": 6},
            note=Note("[B,1,1,max_len], True = real token", "[B,1,1,max_len]，True = 真实 token"),
        ),
        Case(
            "batch 1, full length",
            {"lengths": torch.tensor([4]), "max_len": 4},
            note=Note("nothing padded", "没有填充"),
        ),
        Case("mixed lengths", {"lengths": lengths([2, 7, 7, 4, 1], 7), "max_len": 7}, hidden=True),
        Case(
            "zero length row",
            {"lengths": torch.tensor([0, 3 if not seed else rng.randint(1, 5)]), "max_len": 5},
            hidden=True,
        ),
        Case("longer max_len", {"lengths": lengths([5, 9, 12], 12), "max_len": 12}, hidden=True),
    ]
