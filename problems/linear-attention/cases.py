"""Cases for linear attention: non-causal and causal, d != dv, one token, float64, a
causality check, and gradients."""

import numpy as np
import torch

from graders import Case, Causality, Note, perturb


def _first_feature_positive(t: torch.Tensor) -> torch.Tensor:
    """Feature 0 at least 0.5: then relu(q_i) . relu(k_j) >= 0.25, so the relu mistake is a
    finite wrong answer, never 0/0. Idempotent, so unchanged positions stay unchanged."""
    t = t.clone()
    t[..., 0] = t[..., 0].abs().clamp_min(0.5)
    return t


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; float32 unless stated."""
    g = torch.Generator().manual_seed(303 + seed)

    def qkv(b: int, length: int, d: int, dv: int, scale: float = 1.0, dtype=torch.float32) -> dict:
        q = torch.randn(b, length, d, generator=g) * scale
        k = torch.randn(b, length, d, generator=g) * scale
        v = torch.randn(b, length, dv, generator=g) * 2
        return {
            "q": _first_feature_positive(q).to(dtype),
            "k": _first_feature_positive(k).to(dtype),
            "v": v.to(dtype),
        }

    causal = {**qkv(2, 10, 8, 5), "causal": True}
    changed = perturb(causal, ["k", "v"], keep=np.arange(10) < 4, seed=seed)
    changed["k"] = _first_feature_positive(changed["k"])
    return [
        Case(
            "B=1, L=4, d=3, dv=2",
            qkv(1, 4, 3, 2),
            grad=True,
            note=Note(
                "causal=False (the default); gradients checked",
                "causal=False（默认）；检查梯度",
            ),
        ),
        Case(
            "causal, B=2, L=5, d=4, dv=3",
            {**qkv(2, 5, 4, 3), "causal": True},
            grad=True,
            note=Note("position i sums over j <= i", "位置 i 只对 j <= i 求和"),
        ),
        Case("non-causal, L=9, d=8, dv=6", qkv(2, 9, 8, 6), grad=True, hidden=True),
        Case("causal, L=10, d=8, dv=5", causal, grad=True, hidden=True),
        Case(
            "causal, keys/values 4+ changed",
            changed,
            check=Causality("causal, L=10, d=8, dv=5", start=4),
            hidden=True,
        ),
        Case(
            "causal, float64",
            {**qkv(1, 7, 5, 4, dtype=torch.float64), "causal": True},
            grad=True,
            hidden=True,
        ),
        Case(
            "non-causal given explicitly, float64",
            {**qkv(3, 6, 4, 4, dtype=torch.float64), "causal": False},
            hidden=True,
        ),
        Case("one token, causal", {**qkv(2, 1, 4, 3), "causal": True}, hidden=True),
        Case("large scores, non-causal", qkv(2, 8, 6, 4, scale=3.0), grad=True, hidden=True),
        Case(
            "causal, L=16, d=4, dv=8",
            {**qkv(1, 16, 4, 8, scale=2.0), "causal": True},
            hidden=True,
        ),
    ]
