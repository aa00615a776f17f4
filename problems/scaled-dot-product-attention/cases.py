"""Cases for NumPy scaled dot-product attention (mask 1 = blocked, added as mask * -1e9)."""

import numpy as np

from graders import Case, Causality, Note, Padding, Permutation, Stability, permute, perturb


def _qkv(rng: np.random.Generator, b: int, lq: int, lk: int, dk: int, dv: int) -> dict:
    return {
        "q": rng.normal(size=(b, lq, dk)),
        "k": rng.normal(size=(b, lk, dk)),
        "v": rng.normal(size=(b, lk, dv)),
    }


def _random_mask(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    mask = (rng.random(shape) < 0.4).astype(np.float32)
    mask[..., 0] = 0.0  # never a fully blocked row
    return mask


def _to_logit(q: np.ndarray, k: np.ndarray, top: np.ndarray) -> np.ndarray:
    """q rescaled row by row so that each query's largest logit is exactly `top` (per row).

    Whatever the draw, exp() of the raw logits then overflows (rows topping at 1000), and
    subtracting one maximum for all rows underflows the rows topping at 200: a softmax
    that does not subtract each row's own maximum fails on every draw, not on lucky ones.
    """
    logits = q @ k.swapaxes(-1, -2) / np.sqrt(q.shape[-1])
    high, low = logits.max(axis=-1, keepdims=True), logits.min(axis=-1, keepdims=True)
    flip = np.where(high > -low, 1.0, -1.0)  # the row's largest magnitude becomes positive
    return q * flip * top / np.maximum(high, -low)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(202 + seed)
    causal = np.triu(np.ones((5, 5), dtype=np.float32), k=1)
    plain = _qkv(rng, 1, 3, 3, 4, 4)
    causal_inputs = {**_qkv(rng, 2, 5, 5, 8, 8), "mask": causal}
    padded = {**_qkv(rng, 3, 4, 7, 16, 16), "mask": _random_mask(rng, (3, 1, 7))}
    k_huge = rng.normal(size=(2, 5, 8))
    huge = {
        "q": _to_logit(rng.normal(size=(2, 4, 8)), k_huge, np.array([[1000.0], [200.0]] * 2)),
        "k": k_huge,
        "v": rng.normal(size=(2, 5, 4)),
    }
    return [
        Case("no mask", plain, note=Note("B=1, Lq=Lk=3", "B=1，Lq=Lk=3")),
        Case(
            "causal mask [Lq,Lk]",
            causal_inputs,
            note=Note("1 above the diagonal = blocked", "对角线以上为 1 = 屏蔽"),
        ),
        Case(
            "causal, keys 3-4 changed",
            perturb(causal_inputs, ["k", "v"], keep=np.arange(5) < 3, seed=1),
            check=Causality("causal mask [Lq,Lk]", start=3),
            hidden=True,
        ),
        Case(
            "padding, blocked keys changed",
            perturb(padded, ["k", "v"], keep=padded["mask"][:, 0, :] == 0, seed=2),
            check=Padding("padding mask [B,1,Lk]"),
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
            "Lq != Lk, dk != dv",
            _qkv(rng, 2, 3, 6, 8, 5),
            note=Note("cross-attention shapes", "交叉注意力形状"),
        ),
        Case(
            "full mask [B,Lq,Lk]",
            {**_qkv(rng, 2, 4, 6, 8, 3), "mask": _random_mask(rng, (2, 4, 6))},
            hidden=True,
        ),
        Case("padding mask [B,1,Lk]", padded, hidden=True),
        Case(
            "large logits",
            {
                "q": rng.normal(size=(2, 4, 8)) * 20,
                "k": rng.normal(size=(2, 5, 8)) * 20,
                "v": rng.normal(size=(2, 5, 4)),
            },
            hidden=True,
        ),
        Case(
            "mixed-scale logits",
            {
                "q": np.concatenate(
                    [rng.normal(size=(1, 3, 8)) * 30, rng.normal(size=(1, 3, 8)) * 0.1], axis=1
                ),
                "k": rng.normal(size=(1, 6, 8)) * 10,
                "v": rng.normal(size=(1, 6, 8)),
            },
            hidden=True,
        ),
        Case("batch 1, single query", _qkv(rng, 1, 1, 9, 12, 7), hidden=True),
        Case("dk=64", _qkv(rng, 2, 6, 6, 64, 32), hidden=True),
    ]
