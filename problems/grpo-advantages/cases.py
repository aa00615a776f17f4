"""Cases for GRPO advantages: groups on different scales (so the batch statistics and the
strided grouping both differ from the right ones), G=2, scale=False, a non-default eps, and
groups whose rewards are all equal (0/1 rule-based rewards, or one repeated float)."""

import torch

from graders import Case, Note

# Values whose mean is exact in float32, so a group of equal rewards has r - mean == 0
# exactly and its advantage is exactly 0 (a rounding residue would be divided by eps).
_EXACT = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0, 2.0])


def _shifted(
    g: torch.Generator, n: int, size: int, spread: float = 1.0, offset: float = 3.0
) -> torch.Tensor:
    """[n*size] rewards: each group has its own offset, so group means differ widely."""
    offsets = torch.randn(n, 1, generator=g) * offset
    return (offsets + spread * torch.randn(n, size, generator=g)).reshape(-1)


def _with_equal_group(g: torch.Generator, n: int, size: int, row: int) -> torch.Tensor:
    """Shifted float rewards whose group `row` holds one value, repeated."""
    grouped = _shifted(g, n, size).view(n, size)
    grouped[row] = _EXACT[torch.randint(0, len(_EXACT), (1,), generator=g)]
    return grouped.reshape(-1)


def _binary(g: torch.Generator, n: int, size: int, ones: int, zeros: int) -> torch.Tensor:
    """0/1 rewards (rule-based: the answer is right or not). Group `ones` is all correct,
    group `zeros` (if >= 0) all wrong, every other group has at least one of each."""
    grouped = (torch.rand(n, size, generator=g) < 0.5).float()
    grouped[:, 0], grouped[:, 1] = 1.0, 0.0
    grouped = grouped[:, torch.randperm(size, generator=g)]
    grouped[ones] = 1.0
    if zeros >= 0:
        grouped[zeros] = 0.0
    return grouped.reshape(-1)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; rewards float32."""
    g = torch.Generator().manual_seed(410 + seed)
    return [
        Case(
            "N=2 prompts, G=4",
            {"rewards": _shifted(g, 2, 4), "group_size": 4},
            note=Note(
                "8 rewards: entries 0-3 are prompt 0's group, 4-7 prompt 1's",
                "8 个奖励：下标 0-3 是第 0 个 prompt 的一组，4-7 是第 1 个 prompt 的一组",
            ),
        ),
        Case(
            "0/1 rewards, one group all correct",
            {"rewards": _binary(g, 3, 4, ones=1, zeros=-1), "group_size": 4},
            note=Note(
                "the second group's rewards are all 1: std 0, so its advantages must be 0",
                "第二组奖励全是 1：std 为 0，这一组的优势必须是 0",
            ),
        ),
        Case(
            "scale=False",
            {"rewards": _shifted(g, 4, 3, spread=2.0), "group_size": 3, "scale": False},
            hidden=True,
        ),
        Case("G=2", {"rewards": _shifted(g, 5, 2), "group_size": 2}, hidden=True),
        Case(
            "one group of equal float rewards",
            {"rewards": _with_equal_group(g, 4, 5, row=2), "group_size": 5},
            hidden=True,
        ),
        Case(
            "0/1 rewards, all-correct and all-wrong groups",
            {"rewards": _binary(g, 6, 8, ones=2, zeros=4), "group_size": 8},
            hidden=True,
        ),
        Case(
            "N=8, G=16, groups on different scales",
            {"rewards": _shifted(g, 8, 16, spread=0.5), "group_size": 16},
            hidden=True,
        ),
        Case(
            "eps=1e-2, rewards close together",
            {"rewards": _shifted(g, 3, 6, spread=0.05, offset=0.3), "group_size": 6, "eps": 1e-2},
            hidden=True,
        ),
        Case(
            "scale=False, 0/1 rewards with an all-wrong group",
            {
                "rewards": _binary(g, 4, 4, ones=0, zeros=3),
                "group_size": 4,
                "scale": False,
            },
            hidden=True,
        ),
        Case("a single group, G=7", {"rewards": _shifted(g, 1, 7), "group_size": 7}, hidden=True),
    ]
