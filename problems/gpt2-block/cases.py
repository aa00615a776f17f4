"""Cases for the GPT-2 block, loaded with the reference's weights, in eval mode.

The reference (reference.py:GradedGPT2Block) draws ln_1 and ln_2 away from ones and zeros
under each case's seed and scales the projections up, so that every mistake shows beyond
the tolerance. Sequence lengths from 1 to 9, one to six heads.
"""

import torch

from graders import Case, Causality, Note, perturb


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1414 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    mid = {"d_model": 16, "num_heads": 4}
    middle = {"x": randn(2, 7, 16)}
    return [
        Case(
            "B=2, T=5, d_model 8, 2 heads",
            {"x": randn(2, 5, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=61,
            grad=True,
            note=Note(
                "x [2, 5, 8]; gradients of x and every parameter checked",
                "x [2, 5, 8]；检查 x 和所有参数的梯度",
            ),
        ),
        Case(
            "B=1, T=4, d_model 12, 3 heads",
            {"x": randn(1, 4, 12)},
            init={"d_model": 12, "num_heads": 3},
            seed=62,
            note=Note("head_dim 4", "head_dim 4"),
        ),
        Case("B=2, T=7, 4 heads", middle, init=mid, seed=63, grad=True, hidden=True),
        Case(
            "B=2, T=7, positions 4-6 changed",
            perturb(middle, ["x"], keep=torch.arange(7) < 4, seed=7),
            init=mid,
            seed=63,
            check=Causality("B=2, T=7, 4 heads", start=4),
            hidden=True,
        ),
        Case(
            "d_model 32, 4 heads, T=9",
            {"x": randn(2, 9, 32)},
            init={"d_model": 32, "num_heads": 4},
            seed=64,
            grad=True,
            hidden=True,
        ),
        Case(
            "one head",
            {"x": randn(3, 3, 8)},
            init={"d_model": 8, "num_heads": 1},
            seed=65,
            hidden=True,
        ),
        Case(
            "one token",
            {"x": randn(2, 1, 16)},
            init={"d_model": 16, "num_heads": 2},
            seed=66,
            hidden=True,
        ),
        Case(
            "d_model 24, 6 heads, T=6",
            {"x": randn(1, 6, 24)},
            init={"d_model": 24, "num_heads": 6},
            seed=67,
            hidden=True,
        ),
    ]
