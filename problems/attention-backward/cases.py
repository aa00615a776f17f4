"""Cases for the attention backward pass: self- and cross-attention shapes, d != dv,
dv == Lk (a transposed grad_v has the right shape), peaked weights, and scores near ±1000
that overflow a softmax without the max subtracted. Everything is float64."""

import numpy as np

from graders import Case, Note, Stability


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(2421 + seed)

    def qkv(lq: int, lk: int, d: int, dv: int, scale: float = 1.0) -> dict:
        return {
            "q": rng.normal(size=(lq, d)) * scale,
            "k": rng.normal(size=(lk, d)) * scale,
            "v": rng.normal(size=(lk, dv)),
            "grad_out": rng.normal(size=(lq, dv)),
        }

    # Every key shares a column of 40 and every query has +-50 there: each row's scores sit
    # near +-1000 (50 * 40 / sqrt(4)); the rest varies, so the weights are not one-hot.
    huge = qkv(4, 5, 4, 3, scale=1.5)
    huge["k"][:, 0] = 40.0
    huge["q"][:, 0] = np.array([50.0, -50.0, 50.0, -50.0])
    return [
        Case(
            "Lq=Lk=3, d=dv=4",
            qkv(3, 3, 4, 4),
            note=Note("self-attention sizes", "自注意力的形状"),
        ),
        Case(
            "Lq=2, Lk=5, d=4, dv=3",
            qkv(2, 5, 4, 3),
            note=Note("cross-attention: Lq != Lk, d != dv", "交叉注意力：Lq != Lk，d != dv"),
        ),
        Case("Lq=Lk=6, d=dv=8", qkv(6, 6, 8, 8), hidden=True),
        Case("Lq=4, Lk=7, d=16, dv=5", qkv(4, 7, 16, 5), hidden=True),
        Case("dv = Lk = 4", qkv(3, 4, 6, 4), hidden=True),
        Case("peaked weights", qkv(5, 6, 8, 4, scale=2.0), hidden=True),
        Case("scores near ±1000", huge, check=Stability(), hidden=True),
    ]
