"""Known mistakes in the pairwise reward-model loss."""

import torch
import torch.nn.functional as F


def _split(scores):
    b = scores.shape[0] // 2
    return scores[:b], scores[b:]


def _last_token_scores(hidden, attention_mask, v_head):
    last = attention_mask.long().sum(-1) - 1
    return _split(v_head(hidden[torch.arange(hidden.shape[0]), last]).squeeze(-1))


def _bt(chosen, rejected):
    return -F.logsigmoid(chosen - rejected).mean(), chosen, rejected


def last_position_is_pad(hidden, attention_mask, v_head):
    # Position -1 for every row: a padding token's hidden state for every shorter row.
    return _bt(*_split(v_head(hidden[:, -1]).squeeze(-1)))


def mean_over_tokens(hidden, attention_mask, v_head):
    # Mean pooling over each row's real tokens instead of its last token.
    m = attention_mask.to(hidden.dtype)
    per_token = v_head(hidden).squeeze(-1)  # [2B, L]
    return _bt(*_split((per_token * m).sum(-1) / m.sum(-1)))


def mean_over_all_tokens(hidden, attention_mask, v_head):
    # Mean over all L positions, padding included.
    return _bt(*_split(v_head(hidden).squeeze(-1).mean(-1)))


def sigmoid_without_log(hidden, attention_mask, v_head):
    # -sigmoid(diff): the log of -log(sigmoid) forgotten.
    chosen, rejected = _last_token_scores(hidden, attention_mask, v_head)
    return -torch.sigmoid(chosen - rejected).mean(), chosen, rejected


def one_minus_sigmoid(hidden, attention_mask, v_head):
    # 1 - sigmoid(diff): the probability of the wrong order, not its log-likelihood.
    chosen, rejected = _last_token_scores(hidden, attention_mask, v_head)
    return (1 - torch.sigmoid(chosen - rejected)).mean(), chosen, rejected


def pair_order_swapped(hidden, attention_mask, v_head):
    # rejected - chosen inside the logsigmoid: trains the model to prefer the rejected answer.
    chosen, rejected = _last_token_scores(hidden, attention_mask, v_head)
    return -F.logsigmoid(rejected - chosen).mean(), chosen, rejected


def log_of_sigmoid_unstable(hidden, attention_mask, v_head):
    # log(sigmoid(x)): sigmoid underflows to 0 below about x = -104 in float32, log gives -inf.
    chosen, rejected = _last_token_scores(hidden, attention_mask, v_head)
    return -torch.log(torch.sigmoid(chosen - rejected)).mean(), chosen, rejected


MISTAKES = {
    "last_position_is_pad": last_position_is_pad,
    "mean_over_tokens": mean_over_tokens,
    "mean_over_all_tokens": mean_over_all_tokens,
    "sigmoid_without_log": sigmoid_without_log,
    "one_minus_sigmoid": one_minus_sigmoid,
    "pair_order_swapped": pair_order_swapped,
    "log_of_sigmoid_unstable": log_of_sigmoid_unstable,
}

MESSAGES = {
    "last_position_is_pad": {
        "en": "You score every answer at position -1. With right padding that is a padding "
        "token for every row shorter than L, and its hidden state says nothing about the "
        "answer. Take each row's last real token, attention_mask.sum(-1) - 1.",
        "zh": "你对每个回答都取了位置 -1。右 padding 时，凡是比 L 短的行，最后一个位置都是 "
        "pad token，它的隐状态和回答无关。应取每行最后一个真实 token："
        "attention_mask.sum(-1) - 1。",
    },
    "mean_over_tokens": {
        "en": "You average the value head over each row's real tokens (mean pooling). The "
        "reward is read at the last real token, the only position of a causal model that "
        "has seen the whole prompt and answer. Index hidden at attention_mask.sum(-1) - 1.",
        "zh": "你把 value head 在每行真实 token 上取了平均（mean pooling）。奖励应该在最后一个"
        "真实 token 上读：因果模型里只有这个位置看过完整的 prompt 和回答。"
        "应取 hidden 在 attention_mask.sum(-1) - 1 处的向量。",
    },
    "mean_over_all_tokens": {
        "en": "You average the value head over all L positions, padding included, so a "
        "row's score depends on how much padding it got. Score each answer at its last "
        "real token, attention_mask.sum(-1) - 1.",
        "zh": "你把 value head 在全部 L 个位置上取了平均，连 padding 也算进去了，"
        "一个回答的分数会随它被补了多少 pad 而变。应在每行最后一个真实 token"
        "（attention_mask.sum(-1) - 1）上打分。",
    },
    "sigmoid_without_log": {
        "en": "Your loss is -sigmoid(chosen - rejected): the log is missing. Its gradient "
        "vanishes exactly where the model is most wrong (a large negative gap), so bad pairs "
        "are never fixed. Minimise the negative log-likelihood, -logsigmoid(chosen - rejected).",
        "zh": "你的损失是 -sigmoid(chosen - rejected)，少了 log。它的梯度恰好在模型错得最离谱"
        "（差值很负）时消失，错的样本永远学不回来。应最小化负对数似然 "
        "-logsigmoid(chosen - rejected)。",
    },
    "one_minus_sigmoid": {
        "en": "Your loss is 1 - sigmoid(chosen - rejected), the probability of the wrong "
        "order, not its negative log-likelihood; its gradient vanishes on the pairs the "
        "model gets most wrong. Use -logsigmoid(chosen - rejected).",
        "zh": "你的损失是 1 - sigmoid(chosen - rejected)，这是排错顺序的概率，不是负对数似然；"
        "模型错得越狠的样本梯度反而越小。应使用 -logsigmoid(chosen - rejected)。",
    },
    "pair_order_swapped": {
        "en": "Your loss uses rejected - chosen, so minimising it teaches the model to prefer "
        "the rejected answers. Rows 0..B-1 are the chosen answers: the loss is "
        "-logsigmoid(chosen - rejected).",
        "zh": "你的损失里写成了 rejected - chosen，最小化它会让模型偏好被拒绝的回答。"
        "第 0..B-1 行是 chosen：损失应是 -logsigmoid(chosen - rejected)。",
    },
    "log_of_sigmoid_unstable": {
        "en": "You compute log(sigmoid(x)) (or log(1 + exp(-x))) in two steps: for a gap "
        "below about -100 sigmoid underflows to 0 (or exp overflows) and the loss is inf. "
        "Use F.logsigmoid, or softplus(-x), which stay finite.",
        "zh": "你分两步算了 log(sigmoid(x))（或 log(1 + exp(-x))）：差值低于约 -100 时 sigmoid "
        "下溢成 0（或 exp 上溢），损失变成 inf。应直接用 F.logsigmoid 或 softplus(-x)，"
        "它们始终有限。",
    },
}
