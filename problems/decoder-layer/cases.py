"""Cases for the post-LN decoder layer, loaded with the reference's weights, in eval mode.

Target and source lengths differ in every case (Lt != Ls), so keys and values taken from the
wrong sequence cannot pass by shape alone. The reference (reference.py:GradedDecoderLayer)
draws the three norms' gamma and beta under each case's seed.
"""

import torch

from graders import Case, Causality, Note, Padding, Permutation, permute, perturb


def _causal(length: int) -> torch.Tensor:
    return torch.tril(torch.ones(length, length, dtype=torch.bool))  # [Lt, Lt]


def _lengths_mask(lengths: list[int], size: int) -> torch.Tensor:
    return torch.arange(size)[None, :] < torch.tensor(lengths)[:, None]  # [B, size]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1212 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    small = {"d_model": 8, "num_heads": 2, "d_ff": 16}
    plain = {"x": randn(1, 4, 8), "memory": randn(1, 6, 8)}

    sample_memory = _lengths_mask([7, 4], 7)  # [B, Ls]
    sample = {
        "x": randn(2, 5, 8),
        "memory": randn(2, 7, 8),
        "tgt_mask": _causal(5).expand(2, 1, 5, 5).clone(),  # [B, 1, Lt, Lt]
        "memory_mask": sample_memory[:, None, None, :],  # [B, 1, 1, Ls]
    }

    mid = {"d_model": 12, "num_heads": 3, "d_ff": 24, "dropout": 0.3}
    mid_memory = _lengths_mask([9, 5], 9)
    masked = {
        "x": randn(2, 6, 12),
        "memory": randn(2, 9, 12),
        "tgt_mask": _causal(6).expand(2, 1, 6, 6).clone(),
        "memory_mask": mid_memory[:, None, None, :],
    }

    big_tgt = _causal(7)[None, :, :] & _lengths_mask([7, 5], 7)[:, None, :]  # [B, Lt, Lt]
    return [
        Case(
            "no masks",
            plain,
            init=small,
            seed=41,
            grad=True,
            note=Note("Lt 4, Ls 6, d_model 8, 2 heads", "Lt 4，Ls 6，d_model 8，2 个头"),
        ),
        Case(
            "causal tgt_mask, padded memory",
            sample,
            init=small,
            seed=42,
            note=Note(
                "tgt_mask [B,1,Lt,Lt], memory_mask [B,1,1,Ls]; False = blocked",
                "tgt_mask [B,1,Lt,Lt]，memory_mask [B,1,1,Ls]；False = 屏蔽",
            ),
        ),
        Case("both masks, 3 heads", masked, init=mid, seed=43, grad=True, hidden=True),
        Case(
            "both masks, target positions 4-5 changed",
            perturb(masked, ["x"], keep=torch.arange(6) < 4, seed=5),
            init=mid,
            seed=43,
            check=Causality("both masks, 3 heads", start=4),
            hidden=True,
        ),
        Case(
            "both masks, padded memory changed",
            perturb(masked, ["memory"], keep=mid_memory, seed=6),
            init=mid,
            seed=43,
            check=Padding("both masks, 3 heads"),
            hidden=True,
        ),
        Case(
            "no masks, target reordered",
            permute(plain, ["x"], (2, 0, 3, 1)),
            init=small,
            seed=41,
            check=Permutation("no masks", (2, 0, 3, 1)),
            hidden=True,
        ),
        Case(
            "tgt_mask [1,1,Lt,Lt] only",
            {
                "x": randn(3, 4, 8),
                "memory": randn(3, 5, 8),
                "tgt_mask": _causal(4)[None, None],
            },
            init=small,
            seed=44,
            hidden=True,
        ),
        Case(
            "memory_mask only, one target position",
            {
                "x": randn(2, 1, 16),
                "memory": randn(2, 6, 16),
                "tgt_mask": None,
                "memory_mask": _lengths_mask([6, 2], 6)[:, None, None, :],
            },
            init={"d_model": 16, "num_heads": 4, "d_ff": 32},
            seed=45,
            hidden=True,
        ),
        Case(
            "bigger layer, causal and target padding",
            {
                "x": randn(2, 7, 32),
                "memory": randn(2, 10, 32),
                "tgt_mask": big_tgt[:, None],
                "memory_mask": _lengths_mask([10, 8], 10)[:, None, None, :],
            },
            init={"d_model": 32, "num_heads": 4, "d_ff": 64},
            seed=46,
            grad=True,
            hidden=True,
        ),
        Case(
            "batch 1, 1 head, no dropout",
            {
                "x": randn(1, 3, 6),
                "memory": randn(1, 4, 6),
                "tgt_mask": _causal(3)[None, None],
                "memory_mask": torch.ones(1, 1, 1, 4, dtype=torch.bool),
            },
            init={"d_model": 6, "num_heads": 1, "d_ff": 12, "dropout": 0.0},
            seed=47,
            hidden=True,
        ),
    ]
