"""Known mistakes in the KL-shaped PPO-RLHF rewards. Each keeps the rest of the contract right
and makes one mistake."""

import torch


def _penalty(logp, ref_logp, mask, kl_coef, sign=-1.0):
    return sign * kl_coef * (logp - ref_logp) * mask.to(logp.dtype)


def _last(mask):
    batch, length = mask.shape
    positions = torch.arange(length).expand(batch, length)
    return torch.where(mask, positions, -1).max(dim=1).values


def _add_at(rewards, index, rm_score):
    rewards = rewards.clone()
    rows = torch.arange(rewards.shape[0])
    rewards[rows, index] = rewards[rows, index] + rm_score
    return rewards


def score_on_every_token(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    m = mask.to(logp.dtype)
    return _penalty(logp, ref_logp, mask, kl_coef) + rm_score[:, None] * m


def last_index_with_padding(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    index = torch.full((mask.shape[0],), mask.shape[1] - 1)
    return _add_at(_penalty(logp, ref_logp, mask, kl_coef), index, rm_score)


def kl_sign(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    return _add_at(_penalty(logp, ref_logp, mask, kl_coef, sign=1.0), _last(mask), rm_score)


def score_after_last_token(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    last = _last(mask)
    after = torch.where(last + 1 < mask.shape[1], last + 1, last)  # TRL's sequence_lengths_p1
    return _add_at(_penalty(logp, ref_logp, mask, kl_coef), after, rm_score)


def last_index_from_count(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    index = mask.sum(dim=1) - 1  # right only when the response starts at position 0
    return _add_at(_penalty(logp, ref_logp, mask, kl_coef), index, rm_score)


def score_on_first_token(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    index = mask.long().argmax(dim=1)  # argmax finds the first True, not the last
    return _add_at(_penalty(logp, ref_logp, mask, kl_coef), index, rm_score)


def kl_on_padding(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    rewards = -kl_coef * (logp - ref_logp)  # never masked
    return _add_at(rewards, _last(mask), rm_score)


MISTAKES = {
    "score_on_every_token": score_on_every_token,
    "last_index_with_padding": last_index_with_padding,
    "kl_sign": kl_sign,
    "score_after_last_token": score_after_last_token,
    "last_index_from_count": last_index_from_count,
    "score_on_first_token": score_on_first_token,
    "kl_on_padding": kl_on_padding,
}

MESSAGES = {
    "score_on_every_token": {
        "en": "You added the reward model's score to every response token. It scores the "
        "whole response once, so it belongs to the last token only; spread over every token "
        "it is counted once per token and long answers collect more of it. Add rm_score at "
        "each row's last valid position and leave the other tokens with the KL penalty alone.",
        "zh": "你把 RM 分数加到了每一个回答 token 上。RM 是对整段回答打一次分，只属于最后一个 "
        "token；摊到每个 token 上就按 token 数重复计算了，回答越长拿得越多。"
        "应只在每行最后一个有效位置加 rm_score，其余 token 只有 KL 惩罚。",
    },
    "last_index_with_padding": {
        "en": "You add the score at index T - 1 (or -1) in every row. That is the last token "
        "only for a row that fills T; a padded row gets its score on a padding position, "
        "which the loss then ignores. Use the largest index t where mask[b, t] is True.",
        "zh": "你在每一行都把分数加在下标 T - 1（或 -1）上。只有填满 T 的行这才是最后一个 token；"
        "有 padding 的行分数落到了 padding 位置上，之后的损失根本不看它。"
        "应该用 mask[b, t] 为 True 的最大下标 t。",
    },
    "kl_sign": {
        "en": "Your KL term is +kl_coef * (logp - ref_logp): it rewards the policy for moving "
        "away from the reference. The penalty is -kl_coef * (logp - ref_logp), i.e. "
        "kl_coef * (ref_logp - logp).",
        "zh": "你的 KL 项是 +kl_coef * (logp - ref_logp)：策略离参考模型越远奖励反而越高。"
        "惩罚应为 -kl_coef * (logp - ref_logp)，即 kl_coef * (ref_logp - logp)。",
    },
    "score_after_last_token": {
        "en": "Your score lands one position after the last valid token whenever that position "
        "exists, on the first padding slot (TRL's PPOTrainer does this with "
        "sequence_lengths + 1, see huggingface/trl#3750). Put it on the last True position "
        "itself.",
        "zh": "只要后面还有位置，你的分数就落在最后一个有效 token 的下一位，也就是第一个 padding 上"
        "（TRL 的 PPOTrainer 用 sequence_lengths + 1 就是这样，见 huggingface/trl#3750）。"
        "应加在最后一个 True 的位置本身。",
    },
    "last_index_from_count": {
        "en": "You take the last token as mask.sum(1) - 1, the number of valid tokens minus one. "
        "That is the last index only when the response starts at position 0; when prompt "
        "positions come first it points inside the response. Use the largest True index.",
        "zh": "你用 mask.sum(1) - 1（有效 token 数减一）当作最后一个 token 的下标。"
        "只有回答从位置 0 开始时才成立；前面有 prompt 位置时它会指到回答中间。"
        "应取 True 的最大下标。",
    },
    "score_on_first_token": {
        "en": "mask.argmax(1) returns the first True of each row, not the last, so the score "
        "goes on the first response token. Flip the mask first (T - 1 - mask.fliplr()"
        ".argmax(1), as OpenRLHF does) or take the max of the True positions.",
        "zh": "mask.argmax(1) 返回的是每行第一个 True，不是最后一个，"
        "分数被加到了回答的第一个 token 上。要先翻转（像 OpenRLHF 那样写 "
        "T - 1 - mask.fliplr().argmax(1)），或者对 True 的位置取 max。",
    },
    "kl_on_padding": {
        "en": "Your KL penalty is left on prompt and padding positions, where logp and "
        "ref_logp are not log-probabilities of any generated token. Multiply the penalty by "
        "the mask so those positions get 0.",
        "zh": "你的 KL 惩罚留在了 prompt 和 padding 位置上，"
        "那里的 logp、ref_logp 并不是生成 token 的对数概率。要把惩罚乘上掩码，让这些位置为 0。",
    },
}
