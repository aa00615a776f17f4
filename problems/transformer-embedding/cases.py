"""Cases for the embedding layer: int64 tokens in, reference weights loaded, eval mode."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(929 + seed)

    def tokens(batch: int, length: int, vocab: int) -> torch.Tensor:
        return torch.randint(0, vocab, (batch, length), generator=g)

    same = torch.randint(0, 20, (1,), generator=g).item()
    return [
        Case(
            "B=2, L=4, d_model 8",
            {"tokens": tokens(2, 4, 10)},
            init={"vocab_size": 10, "d_model": 8, "max_len": 16},
            seed=31,
            grad=True,
            note=Note("√d_model ≈ 2.83", "√d_model ≈ 2.83"),
        ),
        Case(
            "default max_len",
            {"tokens": tokens(1, 6, 50)},
            init={"vocab_size": 50, "d_model": 16},
            seed=32,
            note=Note("max_len = 5000", "max_len = 5000"),
        ),
        Case(
            "one token repeated",
            {"tokens": torch.full((2, 9), same, dtype=torch.int64)},
            init={"vocab_size": 20, "d_model": 12, "max_len": 9},
            seed=33,
            grad=True,
            hidden=True,
        ),
        Case(
            "bigger",
            {"tokens": tokens(3, 40, 1000)},
            init={"vocab_size": 1000, "d_model": 64, "max_len": 128},
            seed=34,
            grad=True,
            hidden=True,
        ),
        Case(
            "L = 1",
            {"tokens": tokens(4, 1, 7)},
            init={"vocab_size": 7, "d_model": 6, "dropout": 0.5},
            seed=35,
            hidden=True,
        ),
        Case(
            "long sequence",
            {"tokens": tokens(1, 200, 300)},
            init={"vocab_size": 300, "d_model": 32},
            seed=36,
            hidden=True,
        ),
    ]
