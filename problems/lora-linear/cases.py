"""Cases for the LoRA layer, loaded with the reference's weights (B not zero), in eval mode.

The layers are square (in_features = out_features), as the attention projections W_q and
W_v that the LoRA paper adapts. alpha / r is never 1, and never equal to r / alpha, so a
missing or inverted scale shows. Gradients: x, lora_A and lora_B get them; the frozen
base.weight and base.bias must not (the reference's are zero).
"""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1616 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    return [
        Case(
            "d=8, r=2, alpha=4",
            {"x": randn(2, 3, 8)},
            init={"in_features": 8, "out_features": 8, "r": 2, "alpha": 4},
            seed=51,
            grad=True,
            note=Note(
                "x [2, 3, 8]; scale alpha / r = 2; gradients of x, lora_A, lora_B checked",
                "x [2, 3, 8]；缩放 alpha / r = 2；检查 x、lora_A、lora_B 的梯度",
            ),
        ),
        Case(
            "d=6, r=2, alpha=1, 2-D input",
            {"x": randn(5, 6)},
            init={"in_features": 6, "out_features": 6, "r": 2, "alpha": 1},
            seed=52,
            note=Note("x [5, 6]; scale 0.5", "x [5, 6]；缩放 0.5"),
        ),
        Case(
            "d=16, r=4, alpha=8",
            {"x": randn(2, 5, 16)},
            init={"in_features": 16, "out_features": 16, "r": 4, "alpha": 8},
            seed=53,
            grad=True,
            hidden=True,
        ),
        Case(
            "d=32, r=8, alpha=32",
            {"x": randn(3, 4, 32)},
            init={"in_features": 32, "out_features": 32, "r": 8, "alpha": 32},
            seed=54,
            grad=True,
            hidden=True,
        ),
        Case(
            "rank 1, alpha=3",
            {"x": randn(4, 12)},
            init={"in_features": 12, "out_features": 12, "r": 1, "alpha": 3},
            seed=55,
            hidden=True,
        ),
        Case(
            "d=24, r=16, alpha=8, one token",
            {"x": randn(1, 1, 24)},
            init={"in_features": 24, "out_features": 24, "r": 16, "alpha": 8},
            seed=56,
            grad=True,
            hidden=True,
        ),
    ]
