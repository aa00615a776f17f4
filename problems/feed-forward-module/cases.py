"""Cases for the feed-forward module, loaded with the reference's weights, in eval mode."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1212 + seed)
    return [
        Case(
            "B=2, L=3, d_model 4, d_ff 16",
            {"x": torch.randn(2, 3, 4, generator=g)},
            init={"d_model": 4, "d_ff": 16},
            seed=21,
            grad=True,
            note=Note("d_ff = 4 · d_model", "d_ff = 4 · d_model"),
        ),
        Case(
            "d_ff smaller than d_model",
            {"x": torch.randn(1, 5, 8, generator=g)},
            init={"d_model": 8, "d_ff": 6, "dropout": 0.5},
            seed=22,
            note=Note("eval mode: dropout 0.5 is off", "eval 模式：dropout 0.5 不生效"),
        ),
        Case(
            "bigger",
            {"x": torch.randn(3, 7, 32, generator=g)},
            init={"d_model": 32, "d_ff": 128},
            seed=23,
            grad=True,
            hidden=True,
        ),
        Case(
            "2-D input [N, d_model]",
            {"x": torch.randn(6, 12, generator=g)},
            init={"d_model": 12, "d_ff": 48},
            seed=24,
            hidden=True,
        ),
        Case(
            "large inputs",
            {"x": 4.0 * torch.randn(2, 4, 16, generator=g)},
            init={"d_model": 16, "d_ff": 32, "dropout": 0.0},
            seed=25,
            grad=True,
            hidden=True,
        ),
        Case(
            "L=1",
            {"x": torch.randn(4, 1, 10, generator=g)},
            init={"d_model": 10, "d_ff": 40},
            seed=26,
            hidden=True,
        ),
    ]
