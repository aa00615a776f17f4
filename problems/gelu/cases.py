"""Cases for GELU: both forms, ranks 1 to 4, tails out to |x| = 60, and float64.

The exact and the tanh forms differ by at most about 5e-4 (near x = -2.7), so the tolerance
is tight (atol 1e-6, rtol 1e-5): float32 arithmetic stays far inside it, a wrong form does not.
"""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; float32 unless stated."""
    g = torch.Generator().manual_seed(1111 + seed)

    def randn(*shape: int, scale: float = 2.0) -> torch.Tensor:
        return torch.randn(*shape, generator=g) * scale

    def tails(*shape: int) -> torch.Tensor:
        """Magnitudes 3 to 60 with random signs, and the core interval [-3, 3] in between:
        exp of the tanh argument overflows here, and erf saturates at +-1."""
        size = torch.rand(*shape, generator=g) * 57 + 3
        sign = torch.where(torch.rand(*shape, generator=g) < 0.5, -1.0, 1.0)
        core = torch.rand(*shape, generator=g) * 6 - 3
        return torch.where(torch.rand(*shape, generator=g) < 0.75, sign * size, core)

    return [
        Case(
            "x: [2, 5], exact",
            {"x": randn(2, 5)},
            grad=True,
            note=Note(
                'approximate left at its default, "none"; gradients checked',
                'approximate 取默认值 "none"；检查梯度',
            ),
        ),
        Case(
            "x: [3, 4], tanh",
            {"x": randn(3, 4), "approximate": "tanh"},
            grad=True,
            note=Note('approximate="tanh"', 'approximate="tanh"'),
        ),
        Case(
            "[B, L, d] = [2, 3, 8], exact",
            {"x": randn(2, 3, 8), "approximate": "none"},
            grad=True,
            hidden=True,
        ),
        Case(
            "[B, h, L, d] = [2, 2, 3, 4], tanh",
            {"x": randn(2, 2, 3, 4, scale=3.0), "approximate": "tanh"},
            grad=True,
            hidden=True,
        ),
        Case("tails, exact", {"x": tails(64)}, grad=True, hidden=True),
        Case("tails, tanh", {"x": tails(8, 8), "approximate": "tanh"}, grad=True, hidden=True),
        Case("float64, exact", {"x": randn(4, 6).double()}, grad=True, hidden=True),
        Case(
            "float64, tanh",
            {"x": randn(3, 7).double(), "approximate": "tanh"},
            grad=True,
            hidden=True,
        ),
        Case("1-D, near zero, exact", {"x": randn(16, scale=0.3)}, hidden=True),
    ]
