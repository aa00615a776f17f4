"""Cases for the SwiGLU module, loaded with the reference's weights (nn.Linear's default
initialisation under each case's seed), in eval mode."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1313 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    return [
        Case(
            "B=2, L=3, d_model 8, d_ff 16",
            {"x": randn(2, 3, 8)},
            init={"d_model": 8, "d_ff": 16},
            seed=41,
            grad=True,
            note=Note("gradients checked", "检查梯度"),
        ),
        Case(
            "2-D input [N, d_model]",
            {"x": randn(5, 6)},
            init={"d_model": 6, "d_ff": 12},
            seed=42,
            grad=True,
            note=Note("2-D input; d_ff = 2 · d_model", "二维输入；d_ff = 2 · d_model"),
        ),
        Case(
            "LLaMA sizes: d_model 24, d_ff 64",
            {"x": randn(2, 5, 24)},
            init={"d_model": 24, "d_ff": 64},
            seed=43,
            grad=True,
            hidden=True,
        ),
        Case(
            "d_ff smaller than d_model",
            {"x": randn(3, 4, 10)},
            init={"d_model": 10, "d_ff": 6},
            seed=44,
            grad=True,
            hidden=True,
        ),
        Case(
            "large inputs",
            {"x": 5.0 * randn(2, 4, 16)},
            init={"d_model": 16, "d_ff": 40},
            seed=45,
            grad=True,
            hidden=True,
        ),
        Case(
            "4-D input [B, h, L, d]",
            {"x": randn(2, 2, 3, 12)},
            init={"d_model": 12, "d_ff": 32},
            seed=46,
            grad=True,
            hidden=True,
        ),
        Case(
            "L=1",
            {"x": randn(4, 1, 32)},
            init={"d_model": 32, "d_ff": 88},
            seed=47,
            hidden=True,
        ),
    ]
