"""Cases for the residual + LayerNorm wrapper, both values of pre_norm, in eval mode.

The reference (reference.py:GradedSublayerConnection) draws the norm's gamma and beta under
each case's seed and the submission is loaded with them, so they are never ones and zeros.
"""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1515 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    return [
        Case(
            "post-LN (pre_norm default False)",
            {"x": randn(2, 4, 8)},
            init={"d_model": 8, "d_ff": 16},
            seed=31,
            grad=True,
            note=Note("norm(x + ffn(x))", "norm(x + ffn(x))"),
        ),
        Case(
            "pre-LN (pre_norm=True)",
            {"x": randn(2, 4, 8)},
            init={"d_model": 8, "d_ff": 16, "pre_norm": True},
            seed=32,
            grad=True,
            note=Note("x + ffn(norm(x))", "x + ffn(norm(x))"),
        ),
        Case(
            "post-LN, d_model 16, dropout 0.3",
            {"x": randn(3, 6, 16)},
            init={"d_model": 16, "d_ff": 64, "pre_norm": False, "dropout": 0.3},
            seed=33,
            grad=True,
            hidden=True,
        ),
        Case(
            "pre-LN, d_model 16, dropout 0.3",
            {"x": randn(3, 6, 16)},
            init={"d_model": 16, "d_ff": 64, "pre_norm": True, "dropout": 0.3},
            seed=34,
            grad=True,
            hidden=True,
        ),
        Case(
            "pre-LN, shifted and scaled input",
            {"x": randn(2, 5, 32) * 3 + 2},
            init={"d_model": 32, "d_ff": 32, "pre_norm": True},
            seed=35,
            hidden=True,
        ),
        Case(
            "post-LN, shifted and scaled input",
            {"x": randn(2, 5, 12) * 3 - 1},
            init={"d_model": 12, "d_ff": 6},
            seed=36,
            hidden=True,
        ),
        Case(
            "post-LN, batch 1, d_model 4, no dropout",
            {"x": randn(1, 3, 4)},
            init={"d_model": 4, "d_ff": 8, "pre_norm": False, "dropout": 0.0},
            seed=37,
            hidden=True,
        ),
        Case(
            "pre-LN, batch 1, d_model 4, no dropout",
            {"x": randn(1, 3, 4)},
            init={"d_model": 4, "d_ff": 8, "pre_norm": True, "dropout": 0.0},
            seed=38,
            hidden=True,
        ),
    ]
