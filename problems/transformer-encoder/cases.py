"""Cases for the encoder stack, loaded with the reference's weights, in eval mode."""

import torch

from graders import Case, Causality, Note, Permutation, permute, perturb


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1313 + seed)
    lengths = torch.tensor([5, 3])
    padding = (torch.arange(5)[None, :] < lengths[:, None])[:, None, None, :]  # [2, 1, 1, 5]
    causal = torch.tril(torch.ones(6, 6, dtype=torch.bool)).expand(2, 1, 6, 6).clone()
    small = {"d_model": 8, "num_heads": 2, "d_ff": 16, "num_layers": 2}
    plain = {"x": torch.randn(1, 4, 8, generator=g)}
    padded = {"x": torch.randn(2, 5, 8, generator=g), "mask": padding}
    causal_inputs = {"x": torch.randn(2, 6, 12, generator=g), "mask": causal}
    causal_init = {"d_model": 12, "num_heads": 3, "d_ff": 24, "num_layers": 3, "dropout": 0.3}
    return [
        Case(
            "2 layers, no mask",
            plain,
            init=small,
            seed=41,
            grad=True,
            note=Note("d_model 8, 2 heads, d_ff 16", "d_model 8，2 个头，d_ff 16"),
        ),
        Case(
            "2 layers, padding mask [B,1,1,L]",
            padded,
            init=small,
            seed=42,
            note=Note("lengths 5 and 3; False = blocked", "长度 5 和 3；False = 屏蔽"),
        ),
        Case(
            "padding, padded positions changed",
            perturb(padded, ["x"], keep=torch.arange(5)[None, :] < lengths[:, None], seed=5),
            init=small,
            seed=42,
            hidden=True,
        ),
        Case("3 layers, causal mask", causal_inputs, init=causal_init, seed=43, hidden=True),
        Case(
            "causal, positions 4-5 changed",
            perturb(causal_inputs, ["x"], keep=torch.arange(6) < 4, seed=6),
            init=causal_init,
            seed=43,
            check=Causality("3 layers, causal mask", start=4),
            hidden=True,
        ),
        Case(
            "no mask, sequence reordered",
            permute(plain, ["x"], (2, 0, 3, 1)),
            init=small,
            seed=41,
            check=Permutation("2 layers, no mask", (2, 0, 3, 1)),
            hidden=True,
        ),
        Case(
            "final_norm=False",
            {"x": torch.randn(2, 5, 16, generator=g), "mask": padding},
            init={"d_model": 16, "num_heads": 4, "d_ff": 32, "num_layers": 2, "final_norm": False},
            seed=44,
            grad=True,
            hidden=True,
        ),
        Case(
            "4 layers",
            {"x": torch.randn(2, 7, 32, generator=g)},
            init={"d_model": 32, "num_heads": 4, "d_ff": 64, "num_layers": 4},
            seed=45,
            grad=True,
            hidden=True,
        ),
        Case(
            "1 layer, 1 head",
            {"x": torch.randn(1, 3, 6, generator=g)},
            init={"d_model": 6, "num_heads": 1, "d_ff": 12, "num_layers": 1, "dropout": 0.0},
            seed=46,
            hidden=True,
        ),
    ]
