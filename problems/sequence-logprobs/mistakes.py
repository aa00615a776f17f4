"""Known mistakes in computing a sequence's log-probability from a causal LM's logits."""

import torch


def _reduce(per_token, counted, average):
    """Sum (or mean, 0 for an empty row) of per_token over the counted positions."""
    total = torch.where(counted, per_token, torch.zeros_like(per_token)).sum(-1)
    if not average:
        return total
    return total / counted.sum(-1).clamp(min=1)


def logprobs_not_shifted(logits, input_ids, loss_mask, average=False):
    # Token t is scored with logits[:, t], the logits that already saw it.
    log_probs = torch.log_softmax(logits, dim=-1)
    per_token = log_probs.gather(-1, input_ids.unsqueeze(-1)).squeeze(-1)
    return _reduce(per_token, loss_mask, average)


def mask_not_shifted(logits, input_ids, loss_mask, average=False):
    # Tokens and logits shifted, the mask not: loss_mask[:, t] decides about token t+1.
    log_probs = torch.log_softmax(logits[:, :-1], dim=-1)
    per_token = log_probs.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    return _reduce(per_token, loss_mask[:, :-1], average)


def log_of_softmax_unstable(logits, input_ids, loss_mask, average=False):
    # log(softmax(x)): a probability below ~1e-45 underflows to 0 and its log is -inf.
    log_probs = torch.log(torch.softmax(logits[:, :-1], dim=-1))
    per_token = log_probs.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    return _reduce(per_token, loss_mask[:, 1:], average)


def average_empty_row_nan(logits, input_ids, loss_mask, average=False):
    # The mean divides by the count as it is: a row with no counted token is 0 / 0 = nan.
    log_probs = torch.log_softmax(logits[:, :-1], dim=-1)
    per_token = log_probs.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    counted = loss_mask[:, 1:]
    total = torch.where(counted, per_token, torch.zeros_like(per_token)).sum(-1)
    return total / counted.sum(-1) if average else total


MISTAKES = {
    "logprobs_not_shifted": logprobs_not_shifted,
    "mask_not_shifted": mask_not_shifted,
    "log_of_softmax_unstable": log_of_softmax_unstable,
    "average_empty_row_nan": average_empty_row_nan,
}

MESSAGES = {
    "logprobs_not_shifted": {
        "en": "You scored token t with logits[:, t], but a causal LM's logits at position t "
        "predict token t+1 (they have already seen token t). Use logits[:, :-1] against "
        "input_ids[:, 1:], and the mask loss_mask[:, 1:].",
        "zh": "你用 logits[:, t] 给第 t 个 token 打分，但因果语言模型在位置 t 的 logits 预测的是"
        "第 t+1 个 token（它已经看到了 token t）。应当用 logits[:, :-1] 对 input_ids[:, 1:]，"
        "掩码用 loss_mask[:, 1:]。",
    },
    "mask_not_shifted": {
        "en": "You shifted the logits and the tokens but not the mask: loss_mask[:, t] decides "
        "whether token t+1 counts, so the first response token is dropped and the token after "
        "the response (padding) is counted. The mask belongs to the tokens: use "
        "loss_mask[:, 1:] with input_ids[:, 1:].",
        "zh": "你把 logits 和 token 错开了一位，掩码却没动：loss_mask[:, t] 决定了 token t+1 "
        "算不算，于是回答的第一个 token 被漏掉、回答后面的一个 token（padding）被算了进去。"
        "掩码跟着 token 走：input_ids[:, 1:] 配 loss_mask[:, 1:]。",
    },
    "log_of_softmax_unstable": {
        "en": "You took log(softmax(x)) (or exp/sum by hand). A probability below about 1e-45 "
        "is 0 in float32 and its log is -inf, so a sequence with one unlikely token comes out "
        "-inf or nan. Use log_softmax, or x - logsumexp(x), which never takes the log of 0.",
        "zh": "你用的是 log(softmax(x))（或者手写 exp/sum）。"
        "float32 里小于约 1e-45 的概率会变成 0，取对数得到 -inf，"
        "只要序列里有一个不太可能的 token，结果就是 -inf 或 nan。"
        "请用 log_softmax，或 x - logsumexp(x)，它们不会对 0 取对数。",
    },
    "average_empty_row_nan": {
        "en": "With average=True you divide by the number of counted tokens as it is, so a row "
        "with no counted token gives 0 / 0 = nan. Clamp the count to at least 1: such a row "
        "must give 0.",
        "zh": "average=True 时你直接除以计入的 token 数，一行一个都没有计入时就是 0 / 0 = nan。"
        "把分母 clamp 到至少 1：这样的行应当得到 0。",
    },
}
