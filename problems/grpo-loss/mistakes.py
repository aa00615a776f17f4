"""Known mistakes in the GRPO loss."""

import torch


def _ratio(logp, old_logp):
    return torch.exp(logp - old_logp)


def _surrogate(logp, old_logp, advantages, clip_eps):
    ratio = _ratio(logp, old_logp)
    adv = advantages.unsqueeze(1)
    return torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)


def _k3(logp, ref_logp):
    x = ref_logp - logp
    return torch.exp(x) - x - 1


def _per_row_mean(per_token, mask):
    """The right reduction: per-row masked mean, then mean over the non-empty rows."""
    m = mask.float()
    count = m.sum(1)
    per_row = (per_token * m).sum(1) / count.clamp(min=1)
    valid = (count > 0).float()
    return (per_row * valid).sum() / valid.sum().clamp(min=1)


def clip_max_instead_of_min(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = _ratio(logp, old_logp)
    adv = advantages.unsqueeze(1)
    surr = torch.max(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    return _per_row_mean(-(surr - beta * _k3(logp, ref_logp)), mask)


def kl_estimator_wrong(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    surr = _surrogate(logp, old_logp, advantages, clip_eps)
    return _per_row_mean(-(surr - beta * (logp - ref_logp)), mask)  # k1


def kl_direction_reversed(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    surr = _surrogate(logp, old_logp, advantages, clip_eps)
    x = logp - ref_logp
    return _per_row_mean(-(surr - beta * (torch.exp(x) - x - 1)), mask)


def padding_in_mean(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    per_token = -(_surrogate(logp, old_logp, advantages, clip_eps) - beta * _k3(logp, ref_logp))
    return (per_token * mask.float()).sum() / mask.numel()


def padding_in_row_mean(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    """The same mistake per row: each row's masked sum over T, empty rows left out."""
    per_token = -(_surrogate(logp, old_logp, advantages, clip_eps) - beta * _k3(logp, ref_logp))
    per_row = (per_token * mask.float()).sum(1) / mask.shape[1]
    valid = mask.any(1).float()
    return (per_row * valid).sum() / valid.sum().clamp(min=1)


def token_level_mean(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    per_token = -(_surrogate(logp, old_logp, advantages, clip_eps) - beta * _k3(logp, ref_logp))
    m = mask.float()
    return (per_token * m).sum() / m.sum().clamp(min=1)


def empty_rows_counted(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    per_token = -(_surrogate(logp, old_logp, advantages, clip_eps) - beta * _k3(logp, ref_logp))
    m = mask.float()
    return ((per_token * m).sum(-1) / m.sum(-1).clamp(min=1.0)).mean()


MISTAKES = {
    "clip_max_instead_of_min": clip_max_instead_of_min,
    "kl_estimator_wrong": kl_estimator_wrong,
    "kl_direction_reversed": kl_direction_reversed,
    # Two ways of counting padding: over the whole batch, or over each row's T.
    "padding_in_mean": [padding_in_mean, padding_in_row_mean],
    "token_level_mean": token_level_mean,
    "empty_rows_counted": empty_rows_counted,
}

MESSAGES = {
    "clip_max_instead_of_min": {
        "en": "You take the max of the unclipped and the clipped objective. PPO takes the min, "
        "a pessimistic bound: once the ratio leaves [1 - eps, 1 + eps] in the direction the "
        "advantage rewards, the gradient stops. With max the clip never restrains the update. "
        "Use torch.min(ratio * A, clamp(ratio) * A) (or the max of the negated losses).",
        "zh": "你对未裁剪项和裁剪项取了 max。PPO 取的是 min，一个悲观下界：比率朝优势鼓励的方向"
        "越出 [1 - eps, 1 + eps] 后梯度就停了；取 max 的话裁剪根本约束不住更新。"
        "应写成 torch.min(ratio * A, clamp(ratio) * A)（或者对取负后的损失取 max）。",
    },
    "kl_estimator_wrong": {
        "en": "Your KL term is the k1 estimate logp - ref_logp. It is unbiased but can be "
        "negative per token and has high variance; GRPO uses k3, "
        "exp(ref_logp - logp) - (ref_logp - logp) - 1, which is never negative.",
        "zh": "你的 KL 项用的是 k1 估计 logp - ref_logp。它虽然无偏，但单个 token 上可能为负、"
        "方差大；GRPO 用的是 k3：exp(ref_logp - logp) - (ref_logp - logp) - 1，恒非负。",
    },
    "kl_direction_reversed": {
        "en": "Your k3 has its log-ratio the wrong way round: exp(logp - ref_logp) - "
        "(logp - ref_logp) - 1 is the k3 of KL(pi_ref || pi_theta), which needs samples from "
        "pi_ref; on tokens sampled from pi_theta it estimates neither direction. Use "
        "x = ref_logp - logp (the log of pi_ref / pi_theta) and exp(x) - x - 1.",
        "zh": "你的 k3 里对数比率方向反了：exp(logp - ref_logp) - (logp - ref_logp) - 1 是 "
        "KL(pi_ref || pi_theta) 的 k3，需要从 pi_ref 采样；在 pi_theta 采样的 token 上它哪个"
        "方向的 KL 都估不对。应令 x = ref_logp - logp（即 log(pi_ref / pi_theta)），"
        "用 exp(x) - x - 1。",
    },
    "padding_in_mean": {
        "en": "You zeroed the padded tokens but divide by all B * T positions (or by T in "
        "each row), so padding still counts in the mean and short completions weigh less. "
        "Divide each row's masked sum by that row's number of valid tokens.",
        "zh": "padding token 的损失清零了，分母却是全部 B * T 个位置（或每行除以 T），"
        "padding 仍然算进了平均，短回答的权重被压低。每行的掩码求和要除以该行的有效 token 数。",
    },
    "token_level_mean": {
        "en": "You took one mean over all valid tokens of the batch (TRL's bnpo, DAPO's "
        "token-level loss), so long completions weigh more. The GRPO objective averages each "
        "completion over its own tokens (1/|o_i|), then averages the completions.",
        "zh": "你对整个 batch 的有效 token 一次性取平均（TRL 的 bnpo、DAPO 的 token 级损失），"
        "长回答权重更大。GRPO 的目标是先在每个回答内部按自己的长度平均（1/|o_i|），"
        "再对回答取平均。",
    },
    "empty_rows_counted": {
        "en": "Rows with no valid token enter your mean as 0 (mask.sum(-1).clamp(min=1), then "
        ".mean() over all B rows), which shrinks the loss. Average only over the rows that "
        "have at least one valid token; if none has, the loss is 0.",
        "zh": "没有有效 token 的行以 0 的身份进入了你的平均（mask.sum(-1).clamp(min=1) 之后"
        "对全部 B 行 .mean()），损失被拉小了。只对至少有一个有效 token 的行取平均；"
        "一行都没有时损失为 0。",
    },
}
