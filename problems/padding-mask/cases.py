"""Cases for the padding mask: lengths differ within a batch."""

import torch

from graders import Case, Note


def build_cases() -> list[Case]:
    """Sample and hidden cases."""
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
        Case(
            "mixed lengths", {"lengths": torch.tensor([2, 7, 7, 4, 1]), "max_len": 7}, hidden=True
        ),
        Case("zero length row", {"lengths": torch.tensor([0, 3]), "max_len": 5}, hidden=True),
        Case("longer max_len", {"lengths": torch.tensor([5, 9, 12]), "max_len": 12}, hidden=True),
    ]
