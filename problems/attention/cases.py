"""Cases for torch attention (bool mask, False = blocked), 3-D and 4-D inputs."""

import torch

from graders import Case, Causality, Note, Padding, Permutation, Stability, permute, perturb


def _qkv(g: torch.Generator, lead: tuple[int, ...], lq: int, lk: int, dk: int, dv: int) -> dict:
    return {
        "q": torch.randn(*lead, lq, dk, generator=g),
        "k": torch.randn(*lead, lk, dk, generator=g),
        "v": torch.randn(*lead, lk, dv, generator=g),
    }


def _random_mask(g: torch.Generator, shape: tuple[int, ...]) -> torch.Tensor:
    mask = torch.rand(*shape, generator=g) > 0.4
    mask[..., 0] = True  # never a fully blocked row
    return mask


def _to_logit(q: torch.Tensor, k: torch.Tensor, top: torch.Tensor) -> torch.Tensor:
    """q rescaled row by row so that each query's largest logit is exactly `top` (per row).

    Whatever the draw, exp() of the raw logits then overflows (rows topping at 1000), and
    subtracting one maximum for all rows underflows the rows topping at 200: a softmax
    that does not subtract each row's own maximum fails on every draw, not on lucky ones.
    """
    logits = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    high, low = logits.amax(dim=-1, keepdim=True), logits.amin(dim=-1, keepdim=True)
    flip = torch.where(high > -low, 1.0, -1.0)  # the row's largest magnitude becomes positive
    return q * flip * top / torch.maximum(high, -low)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(303 + seed)
    causal = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    lengths = torch.tensor([7, 3, 5])
    padding = (torch.arange(7)[None, :] < lengths[:, None])[:, None, None, :]
    plain = _qkv(g, (1,), 3, 3, 4, 4)
    causal_inputs = {**_qkv(g, (2,), 5, 5, 8, 8), "mask": causal}
    padded = {**_qkv(g, (3, 2), 4, 7, 8, 8), "mask": padding}
    q_huge, k_huge = torch.randn(2, 4, 8, generator=g), torch.randn(2, 5, 8, generator=g)
    huge = {
        "q": _to_logit(q_huge, k_huge, torch.tensor([[1000.0], [200.0]] * 2)),
        "k": k_huge,
        "v": torch.randn(2, 5, 4, generator=g),
    }
    return [
        Case("no mask", plain, note=Note("B=1, 3-D inputs", "B=1，三维输入")),
        Case(
            "causal mask [Lq,Lk]",
            causal_inputs,
            grad=True,
            note=Note("True = may attend; gradients checked", "True = 可以关注；检查梯度"),
        ),
        Case(
            "causal, keys 3-4 changed",
            perturb(causal_inputs, ["k", "v"], keep=torch.arange(5) < 3, seed=1),
            check=Causality("causal mask [Lq,Lk]", start=3),
            hidden=True,
        ),
        Case(
            "padding, blocked keys changed",
            perturb(padded, ["k", "v"], keep=padding[:, :, 0, :].numpy(), seed=2),
            check=Padding("padding mask [B,1,1,Lk]"),
            hidden=True,
        ),
        Case(
            "no mask, sequence reordered",
            permute(plain, ["q", "k", "v"], (2, 0, 1)),
            check=Permutation("no mask", (2, 0, 1)),
            hidden=True,
        ),
        Case("logits near ±1000", huge, check=Stability(), hidden=True),
        Case(
            "4-D heads, Lq != Lk",
            _qkv(g, (2, 2), 3, 6, 8, 5),
            note=Note("[B,h,L,d], dk != dv", "[B,h,L,d]，dk != dv"),
        ),
        Case("padding mask [B,1,1,Lk]", padded, hidden=True, grad=True),
        Case(
            "full mask [B,Lq,Lk]",
            {**_qkv(g, (2,), 4, 6, 16, 3), "mask": _random_mask(g, (2, 4, 6))},
            hidden=True,
        ),
        Case("cross-attention k != v", _qkv(g, (2,), 2, 9, 12, 6), hidden=True),
        Case(
            "large logits",
            {
                "q": torch.randn(2, 4, 8, generator=g) * 20,
                "k": torch.randn(2, 5, 8, generator=g) * 20,
                "v": torch.randn(2, 5, 4, generator=g),
            },
            hidden=True,
        ),
        Case("dk=64", _qkv(g, (1, 4), 6, 6, 64, 32), hidden=True),
    ]
