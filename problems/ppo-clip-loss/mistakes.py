"""Known mistakes in PPO's clipped losses. Each variant keeps the rest of the contract right
(masked means over all real tokens, the value loss) and makes one mistake."""

import torch


def _masked_mean(x, mask):
    w = mask.to(x.dtype)
    return (x * w).sum() / w.sum()


def _losses(
    ratio,
    advantages,
    values,
    old_values,
    returns,
    mask,
    clip_eps,
    value_clip,
    *,
    clip_advantage=False,
    pick=torch.min,
    mean=_masked_mean,
):
    surr1 = ratio * advantages
    if clip_advantage:
        surr2 = ratio * torch.clamp(advantages, 1 - clip_eps, 1 + clip_eps)
    else:
        surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = mean(-pick(surr1, surr2), mask)
    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    value_loss = 0.5 * mean(torch.max((values - returns) ** 2, (v_clipped - returns) ** 2), mask)
    clip_fraction = mean(((ratio - 1).abs() > clip_eps).to(ratio.dtype), mask)
    return policy_loss, value_loss, clip_fraction


def ratio_not_exponentiated(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = logp - old_logp  # the log-ratio used as the ratio
    return _losses(ratio, advantages, values, old_values, returns, mask, clip_eps, value_clip)


def ratio_as_logprob_quotient(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = logp / old_logp  # a quotient of log-probabilities, not of probabilities
    return _losses(ratio, advantages, values, old_values, returns, mask, clip_eps, value_clip)


def advantage_clipped(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    return _losses(
        ratio,
        advantages,
        values,
        old_values,
        returns,
        mask,
        clip_eps,
        value_clip,
        clip_advantage=True,
    )


def clip_max_instead_of_min(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    return _losses(
        ratio, advantages, values, old_values, returns, mask, clip_eps, value_clip, pick=torch.max
    )


def loss_mean_over_padding(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    return _losses(
        ratio,
        advantages,
        values,
        old_values,
        returns,
        mask,
        clip_eps,
        value_clip,
        mean=lambda x, _mask: x.mean(),
    )


MISTAKES = {
    "ratio_not_exponentiated": ratio_not_exponentiated,
    "ratio_as_logprob_quotient": ratio_as_logprob_quotient,
    "advantage_clipped": advantage_clipped,
    "clip_max_instead_of_min": clip_max_instead_of_min,
    "loss_mean_over_padding": loss_mean_over_padding,
}

MESSAGES = {
    "ratio_not_exponentiated": {
        "en": "Your ratio is logp - old_logp, the log of the ratio. The importance ratio is "
        "pi_new / pi_old = exp(logp - old_logp); near the old policy it is about 1, not about 0, "
        "so the clip range [1 - eps, 1 + eps] only makes sense after the exp.",
        "zh": "你的 ratio 是 logp - old_logp，这只是比率的对数。重要性采样比率是 "
        "pi_new / pi_old = exp(logp - old_logp)：新旧策略接近时它约等于 1 而不是 0，"
        "裁剪区间 [1 - eps, 1 + eps] 要在取 exp 之后才有意义。",
    },
    "ratio_as_logprob_quotient": {
        "en": "Your ratio is logp / old_logp, a quotient of log-probabilities. The ratio of "
        "probabilities is exp(logp) / exp(old_logp) = exp(logp - old_logp): subtract the "
        "log-probs, then exponentiate.",
        "zh": "你的 ratio 是 logp / old_logp，把两个对数概率相除了。概率之比是 "
        "exp(logp) / exp(old_logp) = exp(logp - old_logp)：先相减，再取 exp。",
    },
    "advantage_clipped": {
        "en": "You clamped the advantage to [1 - eps, 1 + eps] instead of the ratio. The second "
        "surrogate is clamp(ratio, 1 - eps, 1 + eps) * A: it is the ratio that must not move "
        "far from 1, while the advantage keeps its value and sign.",
        "zh": "你把优势 A 裁剪到了 [1 - eps, 1 + eps]，该裁剪的是 ratio。第二个代理目标是 "
        "clamp(ratio, 1 - eps, 1 + eps) * A：不能离 1 太远的是比率，优势要保持原值和符号。",
    },
    "clip_max_instead_of_min": {
        "en": "You took the larger of the two surrogates (or, on the negated losses, the "
        "smaller). PPO keeps the pessimistic bound: loss = -min(ratio * A, clamp(ratio) * A), "
        "equivalently max(-ratio * A, -clamp(ratio) * A). With max the clipping never stops "
        "the ratio from running away.",
        "zh": "你取了两个代理目标中较大的那个（或者在取负之后的损失上取了较小的）。"
        "PPO 取的是悲观下界："
        "loss = -min(ratio * A, clamp(ratio) * A)，等价于 max(-ratio * A, -clamp(ratio) * A)。"
        "用 max 的话，裁剪根本拦不住 ratio 跑远。",
    },
    "loss_mean_over_padding": {
        "en": "Your means run over all B * T positions, padding and prompt tokens included. "
        "Average over the True entries of mask only: sum(x * mask) / mask.sum(), for the "
        "policy loss, the value loss and the clip fraction alike.",
        "zh": "你的均值是对全部 B * T 个位置求的，padding 和 prompt 位置也算进去了。"
        "应该只对 mask 为 True 的位置求平均：sum(x * mask) / mask.sum()，"
        "策略损失、价值损失和 clip fraction 都一样。",
    },
}
