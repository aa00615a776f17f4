"""Cases for the post-LN encoder layer, loaded with the reference's weights, in eval mode."""

import torch

from graders import Case, Note


def build_cases() -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(808)
    lengths = torch.tensor([5, 3])
    padding = (torch.arange(5)[None, :] < lengths[:, None])[:, None, None, :]
    causal = torch.tril(torch.ones(6, 6, dtype=torch.bool)).expand(2, 1, 6, 6).clone()
    return [
        Case(
            "no mask",
            {"x": torch.randn(1, 4, 8, generator=g)},
            init={"d_model": 8, "num_heads": 2, "d_ff": 16},
            seed=11,
            note=Note("d_model 8, 2 heads, d_ff 16", "d_model 8，2 个头，d_ff 16"),
        ),
        Case(
            "padding mask [B,1,1,L]",
            {"x": torch.randn(2, 5, 8, generator=g), "mask": padding},
            init={"d_model": 8, "num_heads": 2, "d_ff": 16},
            seed=12,
            note=Note("False = blocked", "False = 屏蔽"),
        ),
        Case(
            "causal mask [B,1,L,L]",
            {"x": torch.randn(2, 6, 12, generator=g), "mask": causal},
            init={"d_model": 12, "num_heads": 3, "d_ff": 24, "dropout": 0.3},
            seed=13,
            hidden=True,
        ),
        Case(
            "bigger layer",
            {"x": torch.randn(2, 7, 32, generator=g)},
            init={"d_model": 32, "num_heads": 4, "d_ff": 64},
            seed=14,
            hidden=True,
        ),
        Case(
            "batch 1, 1 head",
            {"x": torch.randn(1, 3, 6, generator=g)},
            init={"d_model": 6, "num_heads": 1, "d_ff": 12, "dropout": 0.0},
            seed=15,
            hidden=True,
        ),
    ]
