"""Cases for the post-LN encoder layer, loaded with the reference's weights, in eval mode."""

import torch

from graders import Case, Causality, Note, Permutation, permute, perturb


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(808 + seed)
    lengths = torch.tensor([5, 3])
    padding = (torch.arange(5)[None, :] < lengths[:, None])[:, None, None, :]
    causal = torch.tril(torch.ones(6, 6, dtype=torch.bool)).expand(2, 1, 6, 6).clone()
    plain = {"x": torch.randn(1, 4, 8, generator=g)}
    causal_inputs = {"x": torch.randn(2, 6, 12, generator=g), "mask": causal}
    causal_init = {"d_model": 12, "num_heads": 3, "d_ff": 24, "dropout": 0.3}
    return [
        Case(
            "no mask",
            plain,
            init={"d_model": 8, "num_heads": 2, "d_ff": 16},
            seed=11,
            grad=True,
            note=Note("d_model 8, 2 heads, d_ff 16", "d_model 8，2 个头，d_ff 16"),
        ),
        Case(
            "padding mask [B,1,1,L]",
            {"x": torch.randn(2, 5, 8, generator=g), "mask": padding},
            init={"d_model": 8, "num_heads": 2, "d_ff": 16},
            seed=12,
            note=Note("False = blocked", "False = 屏蔽"),
        ),
        Case("causal mask [B,1,L,L]", causal_inputs, init=causal_init, seed=13, hidden=True),
        Case(
            "causal, positions 4-5 changed",
            perturb(causal_inputs, ["x"], keep=torch.arange(6) < 4, seed=3),
            init=causal_init,
            seed=13,
            check=Causality("causal mask [B,1,L,L]", start=4),
            hidden=True,
        ),
        Case(
            "no mask, sequence reordered",
            permute(plain, ["x"], (2, 0, 3, 1)),
            init={"d_model": 8, "num_heads": 2, "d_ff": 16},
            seed=11,
            check=Permutation("no mask", (2, 0, 3, 1)),
            hidden=True,
        ),
        Case(
            "bigger layer",
            {"x": torch.randn(2, 7, 32, generator=g)},
            init={"d_model": 32, "num_heads": 4, "d_ff": 64},
            seed=14,
            grad=True,
            hidden=True,
        ),
        Case(
            "batch 1, 1 head",
            {"x": torch.randn(1, 3, 6, generator=g)},
            init={"d_model": 6, "num_heads": 1, "d_ff": 12, "dropout": 0.0},
            seed=15,
            hidden=True,
        ),
    ]
