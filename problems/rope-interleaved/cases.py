"""Cases for rotary position embedding with neighbouring pairs: rank 3 and 4 inputs, several
head sizes and bases, float64, and one long sequence where float32 angles drift (it has a
looser tolerance)."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden inputs drawn afresh for each submission (seed 0: the fixed ones).

    Every case has d >= 4 except one (d = 2, where both pairings agree) and L >= 3, so the
    pairing, the frequencies, the first position and the direction of rotation all show.
    """
    gen = torch.Generator().manual_seed(303 + seed)

    def randn(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        return torch.randn(*shape, generator=gen, dtype=dtype)

    return [
        Case(
            "one sequence, d = 8",
            {"x": randn(1, 5, 8)},
            grad=True,
            note=Note("[B, L, d] = [1, 5, 8]", "[B, L, d] = [1, 5, 8]"),
        ),
        Case(
            "heads, d = 4",
            {"x": randn(2, 2, 6, 4)},
            grad=True,
            note=Note("[B, H, L, d] = [2, 2, 6, 4]", "[B, H, L, d] = [2, 2, 6, 4]"),
        ),
        Case("heads, d = 32", {"x": randn(2, 4, 16, 32)}, hidden=True, grad=True),
        Case("L = 64, d = 64", {"x": randn(3, 64, 64)}, hidden=True, grad=True),
        Case(
            "LLaMA 3 base 500000",
            {"x": randn(1, 2, 32, 16), "base": 500000.0},
            hidden=True,
            grad=True,
        ),
        Case("small base 100", {"x": randn(2, 12, 8), "base": 100.0}, hidden=True, grad=True),
        Case("d = 2", {"x": randn(2, 7, 2)}, hidden=True, grad=True),
        Case(
            "float64",
            {"x": randn(2, 3, 10, 12, dtype=torch.float64)},
            hidden=True,
            grad=True,
        ),
        Case(
            "L = 2048",
            {"x": randn(1, 2048, 16)},
            hidden=True,
            grad=True,
            atol=5e-4,
            rtol=1e-4,
        ),
    ]
