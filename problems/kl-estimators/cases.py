"""Cases for the KL estimators: right padding, prompt positions masked at the start, rows of
different lengths, a row with no valid token, a policy close to and far from the reference,
log-ratios of either sign, tokens masked anywhere, a single token. Gradients are checked
through `logp` on every case.

Masked-out positions hold ordinary finite log-probabilities, so multiplying by the mask is
safe and a mean that counts them is wrong. Every draw keeps the mean log-ratio clearly away
from 0 (so k1 and its negation differ) and log-ratios large enough that the two orderings of
k3, which agree to second order, differ by far more than the tolerance.
"""

import torch

from graders import Case, Note

# Gradients are compared through the policy's log-probs only: the reference model is
# frozen, and correct code may detach ref_logp.
POLICY = ("logp",)


def _mask(ends: list[int], length: int, starts: list[int] | None = None) -> torch.Tensor:
    """Bool [B, T]: row b is True on [starts[b], ends[b])."""
    pos = torch.arange(length)[None, :]
    begin = torch.tensor(starts or [0] * len(ends))[:, None]
    return (pos >= begin) & (pos < torch.tensor(ends)[:, None])


def _inputs(g: torch.Generator, mask: torch.Tensor, *, shift: float, spread: float) -> dict:
    """logp in [-3.05, -0.05]; log(pi / pi_ref) ~ shift + spread * N(0, 1) per token."""
    shape = tuple(mask.shape)
    logp = -(0.05 + 3.0 * torch.rand(shape, generator=g))
    log_ratio = shift + spread * torch.randn(shape, generator=g)
    ref_logp = (logp - log_ratio).clamp(max=-1e-3)  # a log-probability is never positive
    return {"logp": logp, "ref_logp": ref_logp, "mask": mask}


def _ends(g: torch.Generator, batch: int, length: int) -> list[int]:
    """Row lengths: the first full, the second short, the rest drawn in [1, length]."""
    drawn = torch.randint(1, length + 1, (batch,), generator=g).tolist()
    return [length, max(1, length // 3), *drawn[2:]][:batch]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; log-probabilities float32, the mask bool."""
    g = torch.Generator().manual_seed(4301 + seed)
    anywhere = torch.rand(4, 7, generator=g) < 0.55  # tokens masked anywhere (tool outputs)
    anywhere[:, 0] = True
    anywhere[0, :] = True  # rows of different lengths every draw
    return [
        Case(
            "B=2, T=4, right padding",
            _inputs(g, _mask([4, 2], 4), shift=0.3, spread=0.3),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "6 valid tokens: each estimate is a sum over them divided by 6; gradients "
                "through logp are checked",
                "共 6 个有效 token：每个估计都是这 6 个 token 的和除以 6；检查对 logp 的梯度",
            ),
        ),
        Case(
            "prompt positions masked at the start",
            _inputs(g, _mask([5, 4, 3], 5, starts=[1, 2, 0]), shift=-0.2, spread=0.5),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "each row's response starts after some prompt positions and may end before "
                "T; log-ratios of both signs, so k1 is smaller than k3",
                "每行的回答从若干 prompt 位置之后开始，也可能在 T 之前结束；"
                "对数比率有正有负，所以 k1 比 k3 小",
            ),
        ),
        Case(
            "B=4, T=8, lengths differ",
            _inputs(g, _mask(_ends(g, 4, 8), 8), shift=0.25, spread=0.5),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "policy close to the reference",
            _inputs(g, _mask(_ends(g, 3, 6), 6), shift=0.1, spread=0.03),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "policy far from the reference",
            _inputs(g, _mask(_ends(g, 3, 7), 7), shift=1.0, spread=0.8),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "the reference prefers the sampled tokens",
            _inputs(g, _mask(_ends(g, 3, 6), 6), shift=-0.6, spread=0.2),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "no padding",
            _inputs(g, torch.ones(3, 6, dtype=torch.bool), shift=0.4, spread=0.4),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "tokens masked anywhere",
            _inputs(g, anywhere, shift=0.3, spread=0.6),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "a row with no valid token",
            _inputs(g, _mask([6, 0, 4, 2], 6), shift=0.5, spread=0.5),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "B=1, T=1",
            _inputs(g, _mask([1], 1), shift=0.7, spread=0.1),
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
    ]
