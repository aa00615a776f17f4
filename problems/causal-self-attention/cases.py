"""Cases for GPT causal self-attention, loaded with the reference's weights, in eval mode."""

import torch

from graders import Case, Causality, Note, perturb


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; inputs and weights drawn afresh for each seed."""
    g = torch.Generator().manual_seed(7676 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    mid = {"x": randn(2, 6, 12)}
    return [
        Case(
            "d_model 8, 2 heads",
            {"x": randn(1, 4, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=1,
            grad=True,
            note=Note("x [1, 4, 8]; gradients checked", "x [1, 4, 8]；检查梯度"),
        ),
        Case(
            "d_model 12, 3 heads",
            mid,
            init={"d_model": 12, "num_heads": 3},
            seed=2,
            note=Note("x [2, 6, 12], d_head 4", "x [2, 6, 12]，d_head 4"),
        ),
        Case(
            "3 heads, positions 4-5 changed",
            perturb(mid, ["x"], keep=torch.arange(6) < 4, seed=1),
            init={"d_model": 12, "num_heads": 3},
            seed=2,
            check=Causality("d_model 12, 3 heads", start=4),
            hidden=True,
        ),
        Case(
            "d_model 16, 4 heads, T 7",
            {"x": randn(2, 7, 16)},
            init={"d_model": 16, "num_heads": 4},
            seed=3,
            grad=True,
            hidden=True,
        ),
        Case(
            "1 head",
            {"x": randn(2, 5, 6)},
            init={"d_model": 6, "num_heads": 1},
            seed=4,
            hidden=True,
        ),
        Case(
            "d_model 32, 8 heads, T 9",
            {"x": randn(1, 9, 32)},
            init={"d_model": 32, "num_heads": 8},
            seed=5,
            grad=True,
            hidden=True,
        ),
        Case(
            "single token",
            {"x": randn(3, 1, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=6,
            hidden=True,
        ),
    ]
