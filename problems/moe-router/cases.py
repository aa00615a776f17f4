"""Cases for the top-k router: top-1 and top-2 as in Switch and Mixtral, many experts, k = E,
one token, float64, and logits near ±1000.

Every row is tie-free by construction: its logits are a shuffled ladder with steps of at
least half a unit, so the order of the experts is the same however it is computed.
"""

import torch

from graders import Case, Note, Stability


def _logits(
    g: torch.Generator, tokens: int, experts: int, *, step: float = 1.0, offset: float = 0.0
) -> torch.Tensor:
    """[T, E] logits with distinct values: rank * step plus jitter below step / 2."""
    ranks = torch.stack([torch.randperm(experts, generator=g) for _ in range(tokens)])
    jitter = torch.rand(tokens, experts, generator=g) * 0.5
    shift = torch.randn(tokens, 1, generator=g)  # every token its own level
    return (ranks + jitter) * step + shift + offset - step * experts / 2


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1717 + seed)
    huge = torch.cat([_logits(g, 3, 8, offset=1000.0), _logits(g, 3, 8, offset=-1000.0)])
    return [
        Case(
            "T=4, E=8, top-2",
            {"logits": _logits(g, 4, 8), "k": 2},
            grad=True,
            note=Note(
                "Mixtral's routing: 8 experts, 2 per token; gradients checked",
                "Mixtral 的路由：8 个专家，每个 token 选 2 个；检查梯度",
            ),
        ),
        Case(
            "T=3, E=4, top-1",
            {"logits": _logits(g, 3, 4, step=0.7), "k": 1},
            note=Note("Switch Transformer: k = 1", "Switch Transformer：k = 1"),
        ),
        Case(
            "T=16, E=8, top-2",
            {"logits": _logits(g, 16, 8, step=0.6), "k": 2},
            grad=True,
            hidden=True,
        ),
        Case(
            "T=10, E=64, top-6",
            {"logits": _logits(g, 10, 64, step=0.5), "k": 6},
            grad=True,
            hidden=True,
        ),
        Case("k = E", {"logits": _logits(g, 5, 4), "k": 4}, hidden=True),
        Case("one token, E=16, top-4", {"logits": _logits(g, 1, 16), "k": 4}, hidden=True),
        Case(
            "float64, T=6, E=12, top-3",
            {"logits": _logits(g, 6, 12, step=0.8).double(), "k": 3},
            grad=True,
            hidden=True,
        ),
        Case("logits near ±1000", {"logits": huge, "k": 3}, check=Stability(), hidden=True),
    ]
