"""Cases for the GRPO loss: padding at the end and in the middle, rows of different lengths,
rows with no valid token, negative advantages, ratios far outside the clip range, beta=0 and
other clip ranges. Gradients are checked on every case."""

import torch

from graders import Case, Note

# Gradients are compared through the policy's log-probs: the reference's and the
# behaviour policy's carry none in training, and correct code may detach them.
POLICY = ("logp",)


def _lengths_mask(lengths: list[int], length: int) -> torch.Tensor:
    """[B, T] bool: row b is valid on its first lengths[b] tokens (0 = no valid token)."""
    return torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]


def _lengths(g: torch.Generator, batch: int, length: int, empty: tuple[int, ...] = ()) -> list:
    """Lengths: the first row full, the second short, the rest drawn; rows in `empty` get 0."""
    drawn = torch.randint(1, length + 1, (batch,), generator=g).tolist()
    lengths = [length, max(1, length // 3), *drawn[2:]][:batch]
    return [0 if b in empty else n for b, n in enumerate(lengths)]


def _inputs(
    g: torch.Generator,
    mask: torch.Tensor,
    *,
    drift: float = 0.3,
    far: bool = False,
    sign: float = 0.0,
) -> dict:
    """Log-probabilities of B x T sampled tokens under the three policies, and advantages.

    log(pi / pi_old) ~ N(0, drift): with drift 0.3 about half the ratios leave [0.8, 1.2];
    `far` pushes them to exp(+-1) .. exp(+-2). log(pi_ref / pi) is drawn in [0.2, 1.2], one
    sign, so the k1 estimate and the k3 of the wrong direction differ from k3 on every draw.
    `sign` forces the sign of every advantage (0: mixed signs).
    """
    batch, length = mask.shape
    logp = -0.2 - 3.0 * torch.rand(batch, length, generator=g)
    if far:
        step = 1.0 + torch.rand(batch, length, generator=g)
        flip = torch.where(torch.rand(batch, length, generator=g) < 0.5, -1.0, 1.0)
        old_logp = logp - step * flip
    else:
        old_logp = logp + drift * torch.randn(batch, length, generator=g)
    ref_logp = logp + 0.2 + torch.rand(batch, length, generator=g)
    advantages = torch.randn(batch, generator=g)
    if sign:
        advantages = sign * (advantages.abs() + 0.1)
    return {
        "logp": logp,
        "old_logp": old_logp,
        "ref_logp": ref_logp,
        "advantages": advantages,
        "mask": mask,
    }


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; log-probabilities float32, the mask bool."""
    g = torch.Generator().manual_seed(411 + seed)
    middle = torch.rand(4, 9, generator=g) < 0.6  # tokens masked out anywhere (tool outputs)
    middle[:, 0] = True
    return [
        Case(
            "B=2, T=4, padding at the end",
            _inputs(g, _lengths_mask([4, 2], 4)),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "the second completion has 2 valid tokens; gradients are checked",
                "第二个回答只有 2 个有效 token；检查梯度",
            ),
        ),
        Case(
            "a row with no valid token",
            _inputs(g, _lengths_mask([5, 0, 3], 5)),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "row 1 is all padding: it is left out, so the loss is the mean of rows 0 and 2",
                "第 1 行全是 padding：不参与平均，损失是第 0 行和第 2 行的平均",
            ),
        ),
        Case(
            "B=4, T=8, lengths differ",
            _inputs(g, _lengths_mask(_lengths(g, 4, 8), 8)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "negative advantages",
            _inputs(g, _lengths_mask(_lengths(g, 3, 6), 6), sign=-1.0),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "ratios far outside the clip range",
            _inputs(g, _lengths_mask(_lengths(g, 4, 7), 7), far=True),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "beta=0",
            {**_inputs(g, _lengths_mask(_lengths(g, 3, 6), 6)), "beta": 0.0},
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "clip_eps=0.1, beta=0.1",
            {**_inputs(g, _lengths_mask(_lengths(g, 4, 6), 6)), "clip_eps": 0.1, "beta": 0.1},
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "tokens masked in the middle",
            _inputs(g, middle),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "B=6, T=10, two rows with no valid token",
            _inputs(g, _lengths_mask(_lengths(g, 6, 10, empty=(2, 5)), 10)),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
        Case(
            "no padding, positive advantages",
            _inputs(g, torch.ones(3, 5, dtype=torch.bool), sign=1.0),
            grad=True,
            grad_inputs=POLICY,
            hidden=True,
        ),
    ]
