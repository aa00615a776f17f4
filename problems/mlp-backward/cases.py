"""Cases for the two-layer MLP backward pass: several sizes, one example, many dead ReLU
units, two classes, one label for the whole batch, and logits near 1000 that overflow a
softmax without the maximum subtracted. Everything is float64; N never equals H or C."""

import numpy as np

from graders import Case, Note, Stability


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3451 + seed)

    def mlp(n: int, d: int, h: int, c: int, b1_shift: float = 0.0, b2_shift: float = 0.0):
        return {
            "x": rng.normal(size=(n, d)),
            "y": rng.integers(0, c, size=n),
            "w1": rng.normal(size=(d, h)) / np.sqrt(d),
            "b1": rng.normal(size=h) * 0.1 + b1_shift,
            "w2": rng.normal(size=(h, c)) / np.sqrt(h),
            "b2": rng.normal(size=c) * 0.1 + b2_shift,
        }

    one_label = mlp(9, 5, 12, 4)
    one_label["y"] = np.full(9, rng.integers(0, 4))
    # b2 puts every logit near +1000 (spread by a few units, so the softmax is not one-hot):
    # exp overflows without the max shift.
    huge = mlp(6, 4, 10, 5)
    huge["b2"] = 1000.0 + rng.normal(size=5) * 2.0
    return [
        Case(
            "N=4, D=3, H=5, C=3",
            mlp(4, 3, 5, 3),
            note=Note(
                "some pre-activations are negative, so the ReLU blocks part of the gradient",
                "部分预激活值为负，ReLU 会挡住这部分梯度",
            ),
        ),
        Case(
            "N=6, D=4, H=8, C=5",
            mlp(6, 4, 8, 5),
            note=Note(
                "the loss is a 0-d array; gradients are divided by N=6",
                "loss 是 0 维数组；梯度要除以 N=6",
            ),
        ),
        Case("N=16, D=10, H=32, C=7", mlp(16, 10, 32, 7), hidden=True),
        Case("N=1", mlp(1, 6, 9, 4), hidden=True),
        Case("most ReLUs dead", mlp(12, 6, 20, 5, b1_shift=-1.5), hidden=True),
        Case("C=2", mlp(10, 3, 7, 2), hidden=True),
        Case("one label for the whole batch", one_label, hidden=True),
        Case("N=32, D=20, H=64, C=10", mlp(32, 20, 64, 10), hidden=True),
        Case("logits near 1000", huge, check=Stability(), hidden=True),
    ]
