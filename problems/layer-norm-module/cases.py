"""Cases for the LayerNorm module: ranks 2 to 4, non-default gamma/beta, eps and near-constant rows.

The reference (reference.py:GradedLayerNorm) draws gamma and beta under each case's seed, and
the submission is loaded with them, so scale and shift are never ones and zeros here.
"""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(505 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    # Variance about 1e-4, ten times eps: where eps goes moves the output by about 5%, and
    # the spread (1e-2) is far above float32's resolution at 3.0 (about 2e-7).
    near_constant = 3.0 + 1e-2 * randn(2, 4, 8)
    return [
        Case(
            "[B, L, d] = [2, 3, 8]",
            {"x": randn(2, 3, 8) * 2 + 1},
            init={"d_model": 8},
            seed=21,
            grad=True,
            note=Note("learned gamma, beta; eps 1e-5", "已学习的 gamma、beta；eps 1e-5"),
        ),
        Case(
            "[N, d] = [4, 6]",
            {"x": randn(4, 6)},
            init={"d_model": 6},
            seed=22,
            grad=True,
            note=Note("2-D input", "二维输入"),
        ),
        Case(
            "[B, h, L, d] = [2, 3, 4, 16]",
            {"x": randn(2, 3, 4, 16) * 3 - 2},
            init={"d_model": 16},
            seed=23,
            grad=True,
            hidden=True,
        ),
        Case(
            # No gradient check here: with a spread of 1e-2 the input gradient reaches
            # hundreds, and float32 work differs from the reference by more than the
            # gradient tolerance on some draws. The values still show where eps goes.
            "near-constant rows",
            {"x": near_constant},
            init={"d_model": 8},
            seed=24,
            hidden=True,
        ),
        Case(
            "large eps 0.5",
            {"x": randn(2, 5, 6)},
            init={"d_model": 6, "eps": 0.5},
            seed=25,
            grad=True,
            hidden=True,
        ),
        Case(
            "d = 3, shifted input",
            {"x": randn(3, 4, 3) * 4 + 2},
            init={"d_model": 3},
            seed=26,
            hidden=True,
        ),
        Case(
            "batch of one, d = 32, eps 1e-3",
            {"x": randn(1, 7, 32)},
            init={"d_model": 32, "eps": 1e-3},
            seed=27,
            grad=True,
            hidden=True,
        ),
    ]
