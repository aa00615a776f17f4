"""Cases for the distillation loss: T = 1, 2, 2.5, 3, 4, alpha = 0, 0.3, 0.5, 0.9 and 1, a
confident teacher, one row, and huge logits where a naive softmax-then-log takes log 0.

The four mistakes (no T², KL reversed, mean over N·C, teacher not softened) all differ at
T != 1 with alpha > 0; at T = 1 only the direction and the reduction show, and alpha = 0
is plain cross-entropy, where every mistake is right.
"""

import torch

from graders import Case, Note, Stability


def _huge(g: torch.Generator, n: int, c: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Student and teacher logits near ±1000 (rows alternate), with spreads in the hundreds.

    In every row the teacher's top class sits 300-350 above its lowest class, and the
    student puts that same class 400-450 below its own maximum: at T = 2 the scaled gaps
    pass 104, so softmax underflows to exactly 0 in float32 and log(softmax) is -inf where
    the teacher's probability is about 1. A plain exp overflows (+1000) or gives 0/0 (-1000).
    """
    offset = torch.tensor([1000.0, -1000.0] * n)[:n].view(n, 1)
    teacher = torch.randn(n, c, generator=g) * 40
    top = teacher.argmax(dim=-1, keepdim=True)
    low = teacher.amax(-1, keepdim=True) - 300 - torch.rand(n, 1, generator=g) * 50
    bottom = (top + 1 + torch.randint(0, c - 1, (n, 1), generator=g)) % c  # never the top
    teacher = teacher.scatter(-1, bottom, low)
    student = torch.randn(n, c, generator=g) * 40
    below = student.amax(-1, keepdim=True) - 400 - torch.rand(n, 1, generator=g) * 50
    student = student.scatter(-1, top, below)
    return student + offset, teacher - offset


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; every tensor float32, labels int64."""
    g = torch.Generator().manual_seed(3601 + seed)

    def pair(n: int, c: int, s: float = 2.0, t: float = 2.0) -> dict:
        return {
            "student_logits": torch.randn(n, c, generator=g) * s,
            "teacher_logits": torch.randn(n, c, generator=g) * t,
            "labels": torch.randint(0, c, (n,), generator=g),
        }

    student, teacher = _huge(g, 6, 8)
    grad = {"grad": True, "grad_inputs": ("student_logits",)}
    return [
        Case(
            "N=4, C=5, T=2, alpha=0.5 (defaults)",
            pair(4, 5),
            **grad,
            note=Note(
                "the default temperature and weight; gradients w.r.t. student_logits checked",
                "默认温度和权重；检查对 student_logits 的梯度",
            ),
        ),
        Case(
            "T=4, alpha=0.9",
            {**pair(3, 6, t=4.0), "T": 4.0, "alpha": 0.9},
            note=Note(
                "a hotter temperature and a mostly soft loss: the T² factor is 16 here",
                "温度更高、损失几乎全是软目标项：这里 T² 是 16",
            ),
        ),
        Case("T=1", {**pair(8, 10), "T": 1.0}, hidden=True, **grad),
        Case(
            "alpha=0: cross-entropy only",
            {**pair(6, 7), "T": 3.0, "alpha": 0.0},
            hidden=True,
            **grad,
        ),
        Case(
            "alpha=1: soft term only",
            {**pair(10, 12), "alpha": 1.0},
            hidden=True,
            **grad,
        ),
        Case(
            "confident teacher, T=4, alpha=0.7",
            {**pair(16, 20, s=1.5, t=12.0), "T": 4.0, "alpha": 0.7},
            hidden=True,
            **grad,
        ),
        Case(
            "one row, T=2.5, alpha=0.3",
            {**pair(1, 9, s=3.0, t=3.0), "T": 2.5, "alpha": 0.3},
            hidden=True,
        ),
        Case("N=64, C=100, defaults", pair(64, 100, s=3.0, t=4.0), hidden=True, **grad),
        Case(
            "logits near ±1000, spreads in the hundreds",
            {
                "student_logits": student,
                "teacher_logits": teacher,
                "labels": torch.randint(0, 8, (6,), generator=g),
            },
            check=Stability(),
            hidden=True,
        ),
    ]
