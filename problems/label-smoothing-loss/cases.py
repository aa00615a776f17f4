"""Cases for label-smoothing cross-entropy: several eps and V, ignored rows, float64."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; logits float32 unless stated."""
    g = torch.Generator().manual_seed(303 + seed)

    def logits(n: int, vocab: int, scale: float = 2.0) -> torch.Tensor:
        return torch.randn(n, vocab, generator=g) * scale

    def targets(n: int, vocab: int, ignored: int = 0, pad: int = -100) -> torch.Tensor:
        """Class ids in [0, V) (never `pad`), the last `ignored` rows set to `pad`."""
        low = 1 if pad == 0 else 0
        drawn = torch.randint(low, vocab, (n,), generator=g)
        if ignored:
            drawn[n - ignored :] = pad
        return drawn

    return [
        Case(
            "N=4, V=5, eps=0.1",
            {"logits": logits(4, 5), "targets": targets(4, 5)},
            grad=True,
            note=Note("no ignored rows; gradients checked", "没有被忽略的行；检查梯度"),
        ),
        Case(
            "eps=0.2, two rows ignored",
            {"logits": logits(5, 6), "targets": targets(5, 6, ignored=2), "smoothing": 0.2},
            note=Note("rows with target -100 do not count", "target 为 -100 的行不计入"),
        ),
        Case(
            "N=16, V=10, eps=0.3",
            {"logits": logits(16, 10), "targets": targets(16, 10, ignored=5), "smoothing": 0.3},
            hidden=True,
            grad=True,
        ),
        Case(
            "eps=0: plain cross-entropy",
            {"logits": logits(6, 4), "targets": targets(6, 4, ignored=1), "smoothing": 0.0},
            hidden=True,
        ),
        Case(
            "V=100, pad id 0",
            {
                "logits": logits(8, 100, scale=3.0),
                "targets": targets(8, 100, ignored=3, pad=0),
                "ignore_index": 0,
            },
            hidden=True,
            grad=True,
        ),
        Case(
            "float64, default eps",
            {"logits": logits(7, 9).double(), "targets": targets(7, 9, ignored=2)},
            hidden=True,
            grad=True,
        ),
        Case(
            "V=2, eps=0.5",
            {"logits": logits(5, 2), "targets": targets(5, 2), "smoothing": 0.5},
            hidden=True,
        ),
    ]
