"""Cases for the MultiHeadAttention module, loaded with the reference's weights."""

import torch

from graders import Case, Note


def _x(g: torch.Generator, *shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=g)


def build_cases() -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(505)
    x = _x(g, 2, 4, 8)
    lengths = torch.tensor([4, 2])
    padding = (torch.arange(4)[None, :] < lengths[:, None])[:, None, None, :]
    causal = torch.tril(torch.ones(6, 6, dtype=torch.bool)).expand(3, 1, 6, 6).clone()
    memory = _x(g, 2, 7, 16)
    return [
        Case(
            "self-attention, no mask",
            {"q": x, "k": x, "v": x},
            init={"d_model": 8, "num_heads": 2},
            seed=1,
            note=Note("d_model 8, 2 heads", "d_model 8，2 个头"),
        ),
        Case(
            "padding mask [B,1,1,Lk]",
            {"q": x, "k": x, "v": x, "mask": padding},
            init={"d_model": 8, "num_heads": 2},
            seed=2,
            note=Note("False = blocked", "False = 屏蔽"),
        ),
        Case(
            "cross-attention Lq != Lk",
            {"q": _x(g, 2, 3, 16), "k": memory, "v": memory},
            init={"d_model": 16, "num_heads": 4},
            seed=3,
            hidden=True,
        ),
        Case(
            "causal mask [B,1,Lq,Lk]",
            {"q": (y := _x(g, 3, 6, 12)), "k": y, "v": y, "mask": causal},
            init={"d_model": 12, "num_heads": 3},
            seed=4,
            hidden=True,
        ),
        Case(
            "k != v, batch 1",
            {"q": _x(g, 1, 5, 16), "k": _x(g, 1, 5, 16), "v": _x(g, 1, 5, 16)},
            init={"d_model": 16, "num_heads": 8},
            seed=5,
            hidden=True,
        ),
        Case(
            "1 head",
            {"q": (z := _x(g, 2, 3, 6)), "k": z, "v": z},
            init={"d_model": 6, "num_heads": 1},
            seed=6,
            hidden=True,
        ),
    ]
