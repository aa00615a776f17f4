"""Cases for the PPO losses: right padding, prompt tokens masked at the start, an empty
response row, far off-policy and nearly on-policy ratios, tight and loose clip ranges, one
token. Everything is float32 [B, T]; masked-out positions hold ordinary, finite values, so
a mean that counts them is wrong.

Every draw keeps each case's point: no ratio and no value step lies within 2e-3 of a clip
boundary (so every correct way of writing the comparisons agrees), and each case has real
tokens clipped on both sides, so the clip fraction is never 0 and min and max differ.
"""

import torch

from graders import Case, Note

MARGIN = 2e-3  # distance kept from every clip boundary

# Gradients are compared through what the update trains, the policy's log-probs and the
# value head's outputs: the rollout's tensors carry none, and correct code may detach them.
TRAINED = ("logp", "values")


def _mask(lengths: list[int], length: int, starts: list[int] | None = None) -> torch.Tensor:
    """Bool [B, T]: True on [start, length) of each row."""
    pos = torch.arange(length)[None, :]
    begin = torch.tensor(starts or [0] * len(lengths))[:, None]
    return (pos >= begin) & (pos < torch.tensor(lengths)[:, None])


def _away(x: torch.Tensor, edges: list[float]) -> torch.Tensor:
    """x with every entry within MARGIN of an edge pushed 2 * MARGIN away from it."""
    for edge in edges:
        near = (x - edge).abs() < MARGIN
        x = torch.where(near, torch.where(x >= edge, x + 2 * MARGIN, x - 2 * MARGIN), x)
    return x


def _batch(
    g: torch.Generator,
    mask: torch.Tensor,
    *,
    spread: float = 0.25,
    clip_eps: float = 0.2,
    value_clip: float = 0.2,
    value_step: float = 0.3,
    on_policy: bool = False,
    adv_sign: float = 0.0,
) -> dict:
    """One batch of inputs for `mask`, with two real tokens forced outside the clip range."""
    shape = tuple(mask.shape)
    old_logp = -(torch.rand(shape, generator=g) * 3.0 + 0.05)
    log_ratio = torch.randn(shape, generator=g) * spread
    if on_policy:
        log_ratio = torch.zeros(shape)  # the first minibatch of an epoch: pi_new == pi_old
    real = mask.nonzero()
    first, second = real[0].tolist(), real[min(1, len(real) - 1)].tolist()
    log_ratio[first[0], first[1]] = 0.6 + torch.rand((), generator=g).item() * 0.3
    if second != first:
        log_ratio[second[0], second[1]] = -(0.6 + torch.rand((), generator=g).item() * 0.3)
    logp = old_logp + log_ratio
    ratio = torch.exp(logp - old_logp)  # what every implementation computes
    safe = _away(ratio, [1 - clip_eps, 1 + clip_eps])
    logp = torch.where(safe != ratio, old_logp + torch.log(safe), logp)

    advantages = torch.randn(shape, generator=g)
    if adv_sign:
        advantages = adv_sign * (advantages.abs() + 0.05)
    old_values = torch.randn(shape, generator=g)
    step = _away(torch.randn(shape, generator=g) * value_step, [-value_clip, value_clip])
    values = old_values + step
    error = torch.randn(shape, generator=g)
    returns = old_values + error + 0.3 * torch.sign(error)  # never a zero value loss
    return {
        "logp": logp,
        "old_logp": old_logp,
        "advantages": advantages,
        "values": values,
        "old_values": old_values,
        "returns": returns,
        "mask": mask,
    }


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; gradients are checked wherever the losses are differentiable."""
    g = torch.Generator().manual_seed(4207 + seed)
    lengths = torch.randint(1, 9, (4,), generator=g).tolist()
    mixed = _mask([8, 2, *lengths[2:]], 8)
    prompt = _mask([6, 7, 5], 7, starts=[2, 3, 1])
    empty = _mask([5, 0, 3], 5)
    return [
        Case(
            "B=2, T=5, right padding",
            _batch(g, _mask([5, 3], 5)),
            grad=True,
            grad_inputs=TRAINED,
            note=Note(
                "defaults clip_eps=0.2, value_clip=0.2; the second response has 3 real "
                "tokens, so the means divide by 8; gradients checked",
                "默认 clip_eps=0.2、value_clip=0.2；第二条回复只有 3 个真实 token，"
                "所以均值的分母是 8；检查梯度",
            ),
        ),
        Case(
            "clip_eps=0.1, value_clip=1.0, no padding",
            {
                **_batch(g, _mask([4, 4, 4], 4), clip_eps=0.1, value_clip=1.0, value_step=0.8),
                "clip_eps": 0.1,
                "value_clip": 1.0,
            },
            grad=True,
            grad_inputs=TRAINED,
            note=Note(
                "non-default clip ranges, every token real",
                "非默认的裁剪范围，所有 token 都是真实的",
            ),
        ),
        Case(
            "B=4, T=8, mixed lengths", _batch(g, mixed), hidden=True, grad=True, grad_inputs=TRAINED
        ),
        Case(
            "prompt tokens masked at the start",
            _batch(g, prompt),
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "an empty response row", _batch(g, empty), hidden=True, grad=True, grad_inputs=TRAINED
        ),
        Case(
            "far off-policy: log-ratios ~ N(0, 0.8)",
            _batch(g, _mask([6, 4], 6), spread=0.8),
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "nearly on-policy: ratio 1 except two tokens",
            _batch(g, _mask([6, 6, 2], 6), on_policy=True),
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "value_clip=0.05: most values clipped",
            {
                **_batch(g, _mask([7, 5], 7), value_clip=0.05, value_step=0.4),
                "value_clip": 0.05,
            },
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "clip_eps=0.3, negative advantages",
            {
                **_batch(g, _mask([5, 4, 5], 5), clip_eps=0.3, spread=0.4, adv_sign=-1.0),
                "clip_eps": 0.3,
            },
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "positive advantages",
            _batch(g, _mask([6, 3], 6), spread=0.4, adv_sign=1.0),
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
        Case(
            "B=1, T=1, a clipped token",
            _batch(g, _mask([1], 1)),
            hidden=True,
            grad=True,
            grad_inputs=TRAINED,
        ),
    ]
