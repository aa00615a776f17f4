"""Known mistakes in the DAPO loss."""

import torch


def _ratio_adv(logp, old_logp, advantages):
    return torch.exp(logp - old_logp), advantages.unsqueeze(1)


def _surrogate(logp, old_logp, advantages, eps_low, eps_high):
    ratio, adv = _ratio_adv(logp, old_logp, advantages)
    return torch.min(ratio * adv, torch.clamp(ratio, 1 - eps_low, 1 + eps_high) * adv)


def _token_mean(surrogate, mask):
    m = mask.float()
    return -(surrogate * m).sum() / m.sum()


def symmetric_clip(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    # GRPO's symmetric clip [1 - eps_low, 1 + eps_low]: eps_high is never used.
    return _token_mean(_surrogate(logp, old_logp, advantages, eps_low, eps_low), mask)


def per_sequence_mean(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    # GRPO's reduction: each row's mean over its own tokens, then the mean of the rows
    # that have a token.
    per_token = -_surrogate(logp, old_logp, advantages, eps_low, eps_high)
    m = mask.float()
    count = m.sum(1)
    per_row = (per_token * m).sum(1) / count.clamp(min=1)
    keep = (count > 0).float()
    return (per_row * keep).sum() / keep.sum()


def clip_max_instead_of_min(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio, adv = _ratio_adv(logp, old_logp, advantages)
    surrogate = torch.max(ratio * adv, torch.clamp(ratio, 1 - eps_low, 1 + eps_high) * adv)
    return _token_mean(surrogate, mask)


def padding_in_mean(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    # Padding zeroed, but the denominator counts every one of the B * T positions.
    surrogate = _surrogate(logp, old_logp, advantages, eps_low, eps_high)
    return -(surrogate * mask.float()).sum() / mask.numel()


MISTAKES = {
    "symmetric_clip": symmetric_clip,
    "per_sequence_mean": per_sequence_mean,
    "clip_max_instead_of_min": clip_max_instead_of_min,
    "padding_in_mean": padding_in_mean,
}

MESSAGES = {
    "symmetric_clip": {
        "en": "Your clip range is symmetric, [1 - eps_low, 1 + eps_low]: eps_high is never "
        "used. DAPO's clip-higher decouples the bounds, clamp(ratio, 1 - eps_low, "
        "1 + eps_high), so that low-probability tokens with a positive advantage can grow "
        "further before they are clipped.",
        "zh": "你的裁剪区间是对称的 [1 - eps_low, 1 + eps_low]，eps_high 根本没用上。DAPO 的 "
        "Clip-Higher 把上下界解耦：clamp(ratio, 1 - eps_low, 1 + eps_high)，让优势为正的"
        "低概率 token 在被裁剪之前能涨得更多。",
    },
    "per_sequence_mean": {
        "en": "You average each response over its own tokens, then average the responses "
        "(GRPO's reduction), so every token of a long response weighs less. DAPO's "
        "token-level loss sums over all valid tokens of the batch and divides by their "
        "total number.",
        "zh": "你先在每个回答内部按自己的长度平均，再对回答平均（GRPO 的归约），长回答的每个 "
        "token 权重被压低了。DAPO 的 token 级损失是对整个 batch 所有有效 token 求和，"
        "再除以有效 token 总数。",
    },
    "clip_max_instead_of_min": {
        "en": "You take the max of the unclipped and the clipped objective. PPO (and DAPO) "
        "take the min, a pessimistic bound: once the ratio leaves the clip range in the "
        "direction the advantage rewards, the gradient stops. With max the clip never "
        "restrains the update. Use torch.min(ratio * A, clipped * A).",
        "zh": "你对未裁剪项和裁剪项取了 max。PPO（以及 DAPO）取的是 min，一个悲观下界："
        "比率朝优势鼓励的方向越出裁剪区间后梯度就停了；取 max 的话裁剪根本约束不住更新。"
        "应写成 torch.min(ratio * A, clipped * A)。",
    },
    "padding_in_mean": {
        "en": "You zeroed the padded tokens but divide by all B * T positions, so padding "
        "still dilutes the mean. Divide the masked sum by the number of valid tokens, "
        "mask.sum().",
        "zh": "padding token 的损失清零了，分母却是全部 B * T 个位置，padding 仍然稀释了平均。"
        "掩码求和之后要除以有效 token 的个数 mask.sum()。",
    },
}
