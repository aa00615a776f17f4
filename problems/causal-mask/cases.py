"""Cases for the causal mask: square boolean, True on and below the diagonal."""

from graders import Case, Note


def build_cases() -> list[Case]:
    """Sample and hidden cases."""
    return [
        Case("size 4", {"size": 4}, note=Note("True where j <= i", "j <= i 处为 True")),
        Case("size 1", {"size": 1}, note=Note("a single token sees itself", "单个 token 只看自己")),
        Case("size 7", {"size": 7}, hidden=True),
        Case("size 16", {"size": 16}, hidden=True),
        Case("size 2", {"size": 2}, hidden=True),
    ]
