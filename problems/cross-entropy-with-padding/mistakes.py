"""Known mistakes in a padded cross-entropy loss."""

import torch


def _token_nll(logits, targets):
    """-log p(target) at every position, padding included: [B, L]."""
    return -torch.log_softmax(logits, dim=-1).gather(-1, targets.unsqueeze(-1)).squeeze(-1)


def padding_counted(logits, targets, ignore_index=0):
    return _token_nll(logits, targets).mean()


def padding_in_denominator(logits, targets, ignore_index=0):
    keep = targets != ignore_index
    return (_token_nll(logits, targets) * keep).sum() / targets.numel()


def per_sequence_mean(logits, targets, ignore_index=0):
    keep = (targets != ignore_index).to(logits.dtype)
    per_sequence = (_token_nll(logits, targets) * keep).sum(-1) / keep.sum(-1)
    return per_sequence.mean()


def softmax_without_log(logits, targets, ignore_index=0):
    keep = targets != ignore_index
    p = torch.softmax(logits, dim=-1).gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -p[keep].mean()


MISTAKES = {
    "padding_counted": padding_counted,
    "padding_in_denominator": padding_in_denominator,
    "per_sequence_mean": per_sequence_mean,
    "softmax_without_log": softmax_without_log,
}

MESSAGES = {
    "padding_counted": {
        "en": "Your loss is the mean over every position, padding included: the padded "
        "positions are scored as if the pad token were a word to predict. Drop the positions "
        "whose target equals ignore_index from both the sum and the count.",
        "zh": "你的损失是对所有位置取平均，连 padding 也算进去了：把 pad token 当成了要预测的词。"
        "target 等于 ignore_index 的位置，分子和分母都要去掉。",
    },
    "padding_in_denominator": {
        "en": "You zeroed the loss at padded positions but still divide by the number of all "
        "positions. Divide by the number of real (non-ignored) positions.",
        "zh": "padding 位置的损失清零了，但分母仍然是全部位置的个数。"
        "分母应是真实（未被忽略）位置的个数。",
    },
    "per_sequence_mean": {
        "en": "You averaged within each sequence, then over the batch, so a token of a short "
        "sequence weighs more than one of a long sequence. Take one mean over all real tokens "
        "of the batch: sum of the losses / number of real tokens.",
        "zh": "你先在每条序列内取平均、再对 batch 取平均，短序列里的 token 权重就比长序列里的大。"
        "应该对整个 batch 的所有真实 token 一次性取平均：损失之和 / 真实 token 个数。",
    },
    "softmax_without_log": {
        "en": "Your loss is -p(target), the probability itself. Cross-entropy is the negative "
        "log-probability: -log p(target), best computed as log_softmax.",
        "zh": "你的损失是 -p(target)，直接用了概率。交叉熵是负对数概率 -log p(target)，"
        "最好用 log_softmax 来算。",
    },
}
