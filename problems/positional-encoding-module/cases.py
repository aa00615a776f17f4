"""Cases for the PositionalEncoding module: pe is a buffer; forward on batch-first inputs."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(909 + seed)
    return [
        Case(
            "B=2, L=3, d_model 4",
            {"x": torch.randn(2, 3, 4, generator=g)},
            init={"d_model": 4, "max_seq_len": 10},
            note=Note("returns x + pe[:, :L]", "返回 x + pe[:, :L]"),
        ),
        Case(
            "default max_seq_len",
            {"x": torch.zeros(1, 5, 8)},
            init={"d_model": 8},
            note=Note("zeros in, table out", "输入全零，输出即编码表"),
        ),
        Case(
            "L = max_seq_len",
            {"x": torch.randn(3, 16, 32, generator=g)},
            init={"d_model": 32, "max_seq_len": 16},
            hidden=True,
        ),
        Case(
            "batch 1, long-ish",
            {"x": torch.randn(1, 100, 64, generator=g)},
            init={"d_model": 64},
            hidden=True,
        ),
        Case(
            "L=1",
            {"x": torch.randn(4, 1, 6, generator=g)},
            init={"d_model": 6, "max_seq_len": 50},
            hidden=True,
        ),
    ]
