"""Cases for the sinusoidal table (positions kept where float32 is still exact enough)."""

from graders import Case, Note


def build_cases() -> list[Case]:
    """Sample and hidden cases."""
    return [
        Case(
            "4 positions, d_model 6",
            {"max_seq_len": 4, "d_model": 6},
            note=Note("even columns sin, odd cos", "偶数列 sin，奇数列 cos"),
        ),
        Case(
            "1 position, d_model 2",
            {"max_seq_len": 1, "d_model": 2},
            note=Note("position 0 is [0, 1]", "位置 0 为 [0, 1]"),
        ),
        Case("50 x 16", {"max_seq_len": 50, "d_model": 16}, hidden=True),
        Case("512 x 64", {"max_seq_len": 512, "d_model": 64}, hidden=True),
        Case("128 x 128", {"max_seq_len": 128, "d_model": 128}, hidden=True),
        Case("10 x 10", {"max_seq_len": 10, "d_model": 10}, hidden=True),
    ]
