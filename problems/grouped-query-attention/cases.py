"""Cases for grouped-query attention: groups of 2 and 4, multi-query (Hkv = 1), Hkv = Hq."""

import torch

from graders import Case, Causality, Note, Padding, perturb


def _qkv(g: torch.Generator, b: int, hq: int, hkv: int, lq: int, lk: int, d: int) -> dict:
    return {
        "q": torch.randn(b, hq, lq, d, generator=g),  # [B, Hq, Lq, d]
        "k": torch.randn(b, hkv, lk, d, generator=g),  # [B, Hkv, Lk, d]
        "v": torch.randn(b, hkv, lk, d, generator=g),  # [B, Hkv, Lk, d]
    }


def _causal(length: int) -> torch.Tensor:
    return torch.tril(torch.ones(length, length, dtype=torch.bool))  # [L, L]


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden cases drawn afresh for each submission (seed 0: fixed values)."""
    g = torch.Generator().manual_seed(7575 + seed)
    lengths = torch.tensor([6, 3, 5])
    padding = (torch.arange(6)[None, :] < lengths[:, None])[:, None, None, :]  # [B, 1, 1, Lk]
    causal = {**_qkv(g, 2, 8, 2, 5, 5, 8), "mask": _causal(5)}
    mqa = {**_qkv(g, 3, 4, 1, 4, 6, 8), "mask": padding}
    full = torch.rand(2, 6, 3, 7, generator=g) > 0.4  # [B, Hq, Lq, Lk]
    full[..., 0] = True  # never a fully blocked row
    return [
        Case(
            "Hq 4, Hkv 2, no mask",
            _qkv(g, 1, 4, 2, 3, 3, 4),
            grad=True,
            note=Note(
                "groups of 2: heads 0,1 use kv head 0; heads 2,3 use kv head 1",
                "每组 2 个头：头 0、1 用 kv 头 0，头 2、3 用 kv 头 1",
            ),
        ),
        Case(
            "Hq 8, Hkv 2, causal [Lq,Lk]",
            causal,
            grad=True,
            note=Note("groups of 4; True = may attend", "每组 4 个头；True = 可以关注"),
        ),
        Case(
            "causal, keys 3-4 changed",
            perturb(causal, ["k", "v"], keep=torch.arange(5) < 3, seed=1),
            check=Causality("Hq 8, Hkv 2, causal [Lq,Lk]", start=3),
            hidden=True,
        ),
        Case("multi-query (Hkv 1), padding [B,1,1,Lk]", mqa, grad=True, hidden=True),
        Case(
            "multi-query, padded keys changed",
            perturb(mqa, ["k", "v"], keep=padding[:, :, 0, :], seed=2),
            check=Padding("multi-query (Hkv 1), padding [B,1,1,Lk]"),
            hidden=True,
        ),
        Case(
            "Hkv = Hq (multi-head), causal",
            {**_qkv(g, 2, 3, 3, 4, 4, 8), "mask": _causal(4)},
            hidden=True,
        ),
        Case(
            "Hq 6, Hkv 3, full mask [B,Hq,Lq,Lk], Lq != Lk",
            {**_qkv(g, 2, 6, 3, 3, 7, 16), "mask": full},
            grad=True,
            hidden=True,
        ),
        Case("Hq 8, Hkv 2, d 32, no mask", _qkv(g, 1, 8, 2, 6, 6, 32), hidden=True),
        Case(
            "Hq 8, Hkv 4, causal [1,1,Lq,Lk]",
            {**_qkv(g, 2, 8, 4, 7, 7, 16), "mask": _causal(7)[None, None]},
            hidden=True,
        ),
    ]
