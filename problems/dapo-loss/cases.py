"""Cases for the DAPO loss: rows of very different lengths (so the token-level and the
per-sequence means differ a lot), ratios above 1 + eps_high and below 1 - eps_low with
positive and negative advantages, the default clip range and others (eps_high = eps_low
among them), a row with no valid token, holes in the mask and no padding at all.
Gradients are checked on every case with respect to logp."""

import math

import torch

from graders import Case, Note

POLICY = ("logp",)  # old_logp and advantages are constants in training: may be detached


def _lengths_mask(lengths: list[int], length: int) -> torch.Tensor:
    """[B, T] bool: row b is valid on its first lengths[b] tokens."""
    return torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]


def _inputs(
    g: torch.Generator,
    mask: torch.Tensor,
    *,
    sign: float = 0.0,
    anchors: tuple[int, int] = (0, 1),
) -> dict:
    """Log-probs and advantages; log(pi / pi_old) is uniform in [-1, 1] (ratios 0.37 to 2.7,
    most outside the clip range, all below verl's dual-clip bound of 3).

    On every draw the two `anchors` rows (valid on their first two tokens) have ratios
    1.5 and 0.6 there; with mixed signs (sign=0) the first anchor has a positive and the
    second a negative advantage, so both clip bounds bind for both signs of the advantage.
    """
    batch, length = mask.shape
    logp = -0.2 - 3.0 * torch.rand(batch, length, generator=g)
    log_ratio = 2.0 * torch.rand(batch, length, generator=g) - 1.0
    for row in anchors:
        log_ratio[row, 0], log_ratio[row, 1] = math.log(1.5), math.log(0.6)
    advantages = torch.randn(batch, generator=g)
    if sign:
        advantages = sign * (advantages.abs() + 0.1)
    else:
        first, second = anchors
        advantages[first] = advantages[first].abs() + 0.2
        advantages[second] = -(advantages[second].abs() + 0.2)
    return {
        "logp": logp,
        "old_logp": logp - log_ratio,
        "advantages": advantages,
        "mask": mask,
    }


def _holes(g: torch.Generator, batch: int, length: int) -> torch.Tensor:
    """Tokens masked out anywhere (tool outputs), the first two of each row kept."""
    mask = torch.rand(batch, length, generator=g) < 0.5
    mask[:, :2] = True
    return mask


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; log-probabilities float32, the mask bool."""
    g = torch.Generator().manual_seed(4411 + seed)
    return [
        Case(
            "B=2, T=6, lengths 6 and 2",
            _inputs(g, _lengths_mask([6, 2], 6)),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "row 0 has 6 valid tokens and row 1 only 2: 8 tokens in the mean",
                "第 0 行有 6 个有效 token，第 1 行只有 2 个：分母是 8 个 token",
            ),
        ),
        Case(
            "eps_high = eps_low = 0.2",
            {**_inputs(g, _lengths_mask([5, 1, 3], 5)), "eps_high": 0.2},
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "a symmetric clip range [0.8, 1.2]; row 1 has one token",
                "对称的裁剪区间 [0.8, 1.2]；第 1 行只有一个 token",
            ),
        ),
        Case(
            "B=4, T=10, one long row and three short",
            _inputs(g, _lengths_mask([10, 2, 3, 2], 10)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "negative advantages",
            _inputs(g, _lengths_mask([7, 2, 5], 7), sign=-1.0),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "positive advantages",
            _inputs(g, _lengths_mask([3, 8, 2, 6], 8), sign=1.0),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "eps_low=0.1, eps_high=0.3",
            {**_inputs(g, _lengths_mask([9, 3, 6, 2], 9)), "eps_low": 0.1, "eps_high": 0.3},
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "a row with no valid token",
            _inputs(g, _lengths_mask([6, 0, 2, 5], 6), anchors=(0, 2)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "tokens masked in the middle",
            _inputs(g, _holes(g, 4, 9)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "no padding",
            _inputs(g, torch.ones(3, 5, dtype=torch.bool)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "B=6, T=32, lengths 32 to 2",
            _inputs(g, _lengths_mask([32, 2, 17, 4, 3, 25], 32)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
    ]
