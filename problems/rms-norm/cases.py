"""Cases for the RMSNorm module: ranks 2 to 4, a non-default weight, eps and tiny activations.

The reference (reference.py:GradedRMSNorm) draws `weight` under each case's seed, and the
submission is loaded with it, so the gain is never all ones here.
"""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(808 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    return [
        Case(
            "[B, L, d] = [2, 3, 8]",
            {"x": randn(2, 3, 8) * 2 + 1},
            init={"d_model": 8},
            seed=31,
            grad=True,
            note=Note("learned weight; eps 1e-6", "已学习的 weight；eps 1e-6"),
        ),
        Case(
            "[N, d] = [4, 6]",
            {"x": randn(4, 6)},
            init={"d_model": 6},
            seed=32,
            grad=True,
            note=Note("2-D input", "二维输入"),
        ),
        Case(
            "[B, h, L, d] = [2, 3, 4, 16]",
            {"x": randn(2, 3, 4, 16) * 3 - 2},
            init={"d_model": 16},
            seed=33,
            grad=True,
            hidden=True,
        ),
        Case(
            # Mean square about 1e-6, the size of eps: where eps goes moves the output by
            # 30% or more.
            "tiny activations",
            {"x": 1e-3 * randn(2, 4, 8)},
            init={"d_model": 8},
            seed=34,
            grad=True,
            hidden=True,
        ),
        Case(
            "large eps 0.1",
            {"x": randn(2, 5, 6)},
            init={"d_model": 6, "eps": 0.1},
            seed=35,
            grad=True,
            hidden=True,
        ),
        Case(
            # Far from zero mean: centring the input changes everything.
            "d = 3, offset input",
            {"x": randn(3, 4, 3) * 0.5 + 4},
            init={"d_model": 3},
            seed=36,
            grad=True,
            hidden=True,
        ),
        Case(
            "batch of one, d = 64, eps 1e-5",
            {"x": randn(1, 7, 64)},
            init={"d_model": 64, "eps": 1e-5},
            seed=37,
            grad=True,
            hidden=True,
        ),
    ]
