"""Known mistakes in label-smoothing cross-entropy."""

import torch


def _smoothed(logits, targets, ignore_index, on_target, off_target, count_all=False):
    """Cross-entropy against a target distribution with `on_target` at the target class and
    `off_target` at every other class; mean over kept rows (or over all rows)."""
    log_probs = torch.log_softmax(logits, dim=-1)
    keep = targets != ignore_index
    safe = targets.masked_fill(~keep, 0)
    q = torch.full_like(log_probs, off_target)
    q = q.scatter(-1, safe.unsqueeze(-1), on_target)
    loss = -(q * log_probs).sum(-1).masked_fill(~keep, 0.0)
    return loss.sum() / (targets.numel() if count_all else keep.sum())


def smoothing_excludes_target(logits, targets, smoothing=0.1, ignore_index=-100):
    vocab = logits.size(-1)
    return _smoothed(logits, targets, ignore_index, 1 - smoothing, smoothing / (vocab - 1))


def smoothing_target_overwritten(logits, targets, smoothing=0.1, ignore_index=-100):
    vocab = logits.size(-1)
    return _smoothed(logits, targets, ignore_index, 1 - smoothing, smoothing / vocab)


def smoothing_reversed(logits, targets, smoothing=0.1, ignore_index=-100):
    vocab = logits.size(-1)
    uniform = (1 - smoothing) / vocab
    return _smoothed(logits, targets, ignore_index, smoothing + uniform, uniform)


def ignore_index_counted(logits, targets, smoothing=0.1, ignore_index=-100):
    vocab = logits.size(-1)
    uniform = smoothing / vocab
    return _smoothed(logits, targets, ignore_index, 1 - smoothing + uniform, uniform, True)


MISTAKES = {
    "smoothing_excludes_target": smoothing_excludes_target,
    "smoothing_target_overwritten": smoothing_target_overwritten,
    "smoothing_reversed": smoothing_reversed,
    "ignore_index_counted": ignore_index_counted,
}

MESSAGES = {
    "smoothing_excludes_target": {
        "en": "You spread ε over the other V-1 classes only (ε/(V-1) each, 1-ε on the target). "
        "Here, as in PyTorch's label_smoothing, ε is spread over all V classes, the target "
        "included: the target gets 1-ε+ε/V and every other class ε/V.",
        "zh": "你把 ε 只分给了其余 V-1 个类（每个 ε/(V-1)，目标类 1-ε）。本题和 PyTorch 的 "
        "label_smoothing 一样，ε 均匀分给全部 V 个类，包括目标类：目标类是 1-ε+ε/V，其余每类 ε/V。",
    },
    "smoothing_target_overwritten": {
        "en": "You filled every class with ε/V, then overwrote the target with 1-ε, so the "
        "target distribution sums to 1-ε/V. The target keeps its share: 1-ε+ε/V.",
        "zh": "你先把每个类填成 ε/V，再把目标类覆盖成 1-ε，于是目标分布之和只有 1-ε/V。"
        "目标类也应保留它那一份：1-ε+ε/V。",
    },
    "smoothing_reversed": {
        "en": "ε and 1-ε are swapped: your target distribution puts ε (plus a share of the "
        "rest) on the true class. The true class gets 1-ε+ε/V; ε is the mass spread uniformly.",
        "zh": "ε 和 1-ε 用反了：你的目标分布只给真实类 ε（外加均匀的一份）。"
        "真实类应得 1-ε+ε/V，均匀分出去的才是 ε。",
    },
    "ignore_index_counted": {
        "en": "The ignored rows add nothing to the sum, but you still count them when "
        "averaging. Divide by the number of rows whose target is not ignore_index.",
        "zh": "被忽略的行没有加进损失之和，但求平均时仍把它们算进了分母。"
        "分母应是 target 不等于 ignore_index 的行数。",
    },
}
