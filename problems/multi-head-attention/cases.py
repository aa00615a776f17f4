"""Cases for the MultiHeadAttention module, loaded with the reference's weights."""

import torch

from graders import Case, Causality, Note, Permutation, permute, perturb


def _x(g: torch.Generator, *shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=g)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(505 + seed)
    x = _x(g, 2, 4, 8)
    lengths = torch.tensor([4, 2])
    padding = (torch.arange(4)[None, :] < lengths[:, None])[:, None, None, :]
    causal = torch.tril(torch.ones(6, 6, dtype=torch.bool)).expand(3, 1, 6, 6).clone()
    memory = _x(g, 2, 7, 16)
    y = _x(g, 3, 6, 12)
    causal_inputs = {"q": y, "k": y, "v": y, "mask": causal}
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
            grad=True,
            note=Note("False = blocked; gradients checked", "False = 屏蔽；检查梯度"),
        ),
        Case(
            "cross-attention Lq != Lk",
            {"q": _x(g, 2, 3, 16), "k": memory, "v": memory},
            init={"d_model": 16, "num_heads": 4},
            seed=3,
            grad=True,
            hidden=True,
        ),
        Case(
            "causal mask [B,1,Lq,Lk]",
            causal_inputs,
            init={"d_model": 12, "num_heads": 3},
            seed=4,
            hidden=True,
        ),
        Case(
            "causal, positions 4-5 changed",
            perturb(causal_inputs, ["q", "k", "v"], keep=torch.arange(6) < 4, seed=7),
            init={"d_model": 12, "num_heads": 3},
            seed=4,
            check=Causality("causal mask [B,1,Lq,Lk]", start=4),
            hidden=True,
        ),
        Case(
            "self-attention, sequence reordered",
            permute({"q": x, "k": x, "v": x}, ["q", "k", "v"], (3, 1, 0, 2)),
            init={"d_model": 8, "num_heads": 2},
            seed=1,
            check=Permutation("self-attention, no mask", (3, 1, 0, 2)),
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
