"""Cases for the ALiBi bias: head counts that are powers of two (1, 2, 8, 16) and that are
not (6, 12, 24), sequences from 2 to 64 positions."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden sequence lengths drawn afresh for each submission (seed 0: fixed).

    The head counts never change: they are the point of each case. Every length is at
    least 2, so there is a position pair below and above the diagonal.
    """
    gen = torch.Generator().manual_seed(303 + seed)

    def length(low: int, high: int, fixed: int) -> int:
        if not seed:
            return fixed
        return int(torch.randint(low, high + 1, (1,), generator=gen).item())

    def case(name: str, heads: int, seq_len: int, **kwargs) -> Case:
        return Case(name, {"num_heads": heads, "seq_len": seq_len}, **kwargs)

    return [
        case(
            "8 heads",
            8,
            5,
            note=Note(
                "8 heads: slopes 1/2, 1/4, ..., 1/256",
                "8 个头：斜率 1/2, 1/4, ..., 1/256",
            ),
        ),
        case(
            "12 heads",
            12,
            4,
            note=Note(
                "12 heads is not a power of two: 8 slopes, then 4 from the 16-head sequence",
                "12 不是 2 的幂：先取 8 个头的斜率，再从 16 个头的序列里隔一个取 4 个",
            ),
        ),
        case("1 head", 1, length(2, 9, 6), hidden=True),
        case("2 heads", 2, length(3, 12, 7), hidden=True),
        case("16 heads", 16, length(3, 12, 9), hidden=True),
        case("12 heads, longer", 12, length(10, 40, 33), hidden=True),
        case("6 heads", 6, length(3, 12, 5), hidden=True),
        case("24 heads", 24, length(3, 12, 8), hidden=True),
        case("16 heads, up to 64 positions", 16, length(40, 64, 64), hidden=True),
    ]
