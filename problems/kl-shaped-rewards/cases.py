"""Cases for the KL-shaped rewards: right padding with rows of different lengths, rows that
fill T, responses that start after some prompt positions and end before T, one-token
responses, kl_coef=0 and other weights, scores of both signs.

Positions outside the response hold ordinary, finite log-probabilities with a log-ratio of
their own, so a KL penalty left on them shows. Scores are at least 0.3 away from 0, so a
score added in the wrong place always shows. Every draw keeps each case's layout (which rows
are padded, where they start); only the values are drawn afresh.
"""

import torch

from graders import Case, Note


def _mask(ends: list[int], length: int, starts: list[int] | None = None) -> torch.Tensor:
    """Bool [B, T]: row b is True on [starts[b], ends[b])."""
    pos = torch.arange(length)[None, :]
    begin = torch.tensor(starts or [0] * len(ends))[:, None]
    return (pos >= begin) & (pos < torch.tensor(ends)[:, None])


def _inputs(
    g: torch.Generator, mask: torch.Tensor, *, drift: float = 0.4, sign: float = 0.0
) -> dict:
    """Scores with |score| >= 0.3 (of sign `sign`, or mixed); log(pi / pi_ref) ~ N(0.2, drift)."""
    batch, length = mask.shape
    score = torch.randn(batch, generator=g)
    score = torch.sign(score) * (score.abs() + 0.3)
    if sign:
        score = sign * score.abs()
    logp = -(0.05 + 3.0 * torch.rand(batch, length, generator=g))
    log_ratio = 0.2 + drift * torch.randn(batch, length, generator=g)
    ref_logp = (logp - log_ratio).clamp(max=-1e-3)
    return {"rm_score": score, "logp": logp, "ref_logp": ref_logp, "mask": mask}


def _spans(g: torch.Generator, batch: int, length: int) -> tuple[list[int], list[int]]:
    """(starts, ends): row 0 starts at 0 and ends at T - 3, row 1 starts late and fills T,
    row 2 starts late and ends early; the rest are drawn (each at least one token)."""
    starts = torch.randint(0, length // 2, (batch,), generator=g).tolist()
    ends = [s + 1 + int(torch.randint(0, length - s, (1,), generator=g)) for s in starts]
    fixed_s = [0, 2, 1]
    fixed_e = [length - 3, length, length - 2]
    return (fixed_s + starts[3:])[:batch], (fixed_e + ends[3:])[:batch]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; float32 scores and log-probs, a bool mask. No gradients."""
    g = torch.Generator().manual_seed(4311 + seed)
    starts8, ends8 = _spans(g, 5, 8)
    starts10, ends10 = _spans(g, 6, 10)
    lengths = [8, 3, *torch.randint(1, 9, (2,), generator=g).tolist()]
    return [
        Case(
            "B=3, T=5, right padding",
            _inputs(g, _mask([5, 3, 2], 5)),
            note=Note(
                "default kl_coef=0.1; the scores go at positions 4, 2 and 1, the last True "
                "of each row, and padded positions get 0",
                "默认 kl_coef=0.1；三个分数分别加在位置 4、2、1，即每行最后一个 True；"
                "padding 位置为 0",
            ),
        ),
        Case(
            "prompt positions before the response",
            _inputs(g, _mask([6, 4, 5], 6, starts=[2, 1, 0])),
            note=Note(
                "rows start at 2, 1 and 0 and end at 5, 3 and 4: the last True is not "
                "mask.sum(1) - 1 once the response starts late",
                "三行分别从 2、1、0 开始，到 5、3、4 结束：回答开始得晚时，"
                "最后一个 True 不再是 mask.sum(1) - 1",
            ),
        ),
        Case(
            "B=4, T=8, right padding, lengths differ",
            _inputs(g, _mask(lengths, 8)),
            hidden=True,
        ),
        Case(
            "kl_coef=0: the score alone",
            {**_inputs(g, _mask([6, 4, 2], 6, starts=[0, 1, 0])), "kl_coef": 0.0},
            hidden=True,
        ),
        Case(
            "kl_coef=0.05, prompts and padding",
            {**_inputs(g, _mask(ends8, 8, starts=starts8)), "kl_coef": 0.05},
            hidden=True,
        ),
        Case(
            "every row fills T",
            _inputs(g, torch.ones(3, 6, dtype=torch.bool)),
            hidden=True,
        ),
        Case(
            "one-token responses",
            _inputs(g, _mask([1, 3, 6, 5], 6, starts=[0, 2, 5, 4])),
            hidden=True,
        ),
        Case(
            "kl_coef=0.2, negative scores, far from the reference",
            {
                **_inputs(g, _mask([7, 4, 7], 7, starts=[0, 0, 3]), drift=1.0, sign=-1.0),
                "kl_coef": 0.2,
            },
            hidden=True,
        ),
        Case(
            "B=6, T=10, prompts of different lengths",
            _inputs(g, _mask(ends10, 10, starts=starts10)),
            hidden=True,
        ),
        Case(
            "B=1, T=1",
            _inputs(g, _mask([1], 1)),
            hidden=True,
        ),
    ]
