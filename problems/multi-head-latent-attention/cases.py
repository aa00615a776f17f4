"""Cases for the MultiHeadLatentAttention module, loaded with the reference's weights.

Sizes vary (heads, d_head, a latent smaller and larger than d_head), masks come as padding
[B, 1, 1, L] and causal [B, 1, L, L]; causality and permutation are checked against cases of
the same draw, and gradients on three cases.
"""

import torch

from graders import Case, Causality, Note, Permutation, permute, perturb


def _x(g: torch.Generator, *shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=g)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(303 + seed)
    x = _x(g, 2, 5, 16)
    lengths = torch.tensor([5, 3])
    padding = (torch.arange(5)[None, :] < lengths[:, None])[:, None, None, :]  # [2, 1, 1, 5]
    y = _x(g, 3, 7, 24)
    causal = torch.tril(torch.ones(7, 7, dtype=torch.bool)).expand(3, 1, 7, 7).clone()
    causal_inputs = {"x": y, "mask": causal}
    z = _x(g, 2, 6, 12)
    return [
        Case(
            "no mask",
            {"x": x},
            init={"d_model": 16, "num_heads": 4, "d_latent": 8},
            seed=1 + seed,
            grad=True,
            note=Note(
                "d_model 16, 4 heads, d_latent 8; gradients checked",
                "d_model 16，4 个头，d_latent 8；检查梯度",
            ),
        ),
        Case(
            "padding mask [B,1,1,L]",
            {"x": x, "mask": padding},
            init={"d_model": 16, "num_heads": 2, "d_latent": 6},
            seed=2 + seed,
            note=Note(
                "row 1 has 3 real tokens; False = blocked",
                "第 1 行只有 3 个真实 token；False = 屏蔽",
            ),
        ),
        Case(
            "causal mask [B,1,L,L]",
            causal_inputs,
            init={"d_model": 24, "num_heads": 3, "d_latent": 10},
            seed=3 + seed,
            grad=True,
            hidden=True,
        ),
        Case(
            "causal, positions 5-6 changed",
            perturb(causal_inputs, ["x"], keep=torch.arange(7) < 5, seed=11 + seed),
            init={"d_model": 24, "num_heads": 3, "d_latent": 10},
            seed=3 + seed,
            check=Causality("causal mask [B,1,L,L]", start=5),
            hidden=True,
        ),
        Case(
            "no mask, d_model 12",
            {"x": z},
            init={"d_model": 12, "num_heads": 2, "d_latent": 4},
            seed=4 + seed,
            hidden=True,
        ),
        Case(
            "sequence reordered",
            permute({"x": z}, ["x"], (4, 0, 5, 2, 1, 3)),
            init={"d_model": 12, "num_heads": 2, "d_latent": 4},
            seed=4 + seed,
            check=Permutation("no mask, d_model 12", (4, 0, 5, 2, 1, 3)),
            hidden=True,
        ),
        Case(
            "8 heads, latent wider than a head, padding",
            {
                "x": _x(g, 3, 9, 32),
                "mask": (torch.arange(9)[None, :] < torch.tensor([9, 4, 7])[:, None])[
                    :, None, None, :
                ],
            },
            init={"d_model": 32, "num_heads": 8, "d_latent": 12},
            seed=5 + seed,
            grad=True,
            hidden=True,
        ),
        Case(
            "1 head, batch 1",
            {"x": _x(g, 1, 4, 8)},
            init={"d_model": 8, "num_heads": 1, "d_latent": 3},
            seed=6 + seed,
            hidden=True,
        ),
    ]
