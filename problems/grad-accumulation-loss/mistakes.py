"""Known mistakes in normalising a loss over gradient-accumulation micro-batches."""

import torch


def _sums(micro_losses, micro_masks):
    return [
        (loss * m.to(loss.dtype)).sum() for loss, m in zip(micro_losses, micro_masks, strict=True)
    ]


def mean_of_means(micro_losses, micro_masks):
    # Each micro-batch's own token mean, divided by K: the Trainer before October 2024.
    k = len(micro_losses)
    return torch.stack(
        [
            s / m.sum() / k
            for s, m in zip(_sums(micro_losses, micro_masks), micro_masks, strict=True)
        ]
    )


def sum_of_means(micro_losses, micro_masks):
    # Each micro-batch's own token mean, summed over the K micro-batches without 1/K.
    return torch.stack(
        [s / m.sum() for s, m in zip(_sums(micro_losses, micro_masks), micro_masks, strict=True)]
    )


def padding_counted(micro_losses, micro_masks):
    # Masked sums divided by all positions of the K micro-batches, padding included.
    positions = sum(loss.numel() for loss in micro_losses)
    return torch.stack(_sums(micro_losses, micro_masks)) / positions


def padding_in_sum(micro_losses, micro_masks):
    # The right global count, but the losses at padded positions are summed in too.
    n_total = sum(int(m.sum()) for m in micro_masks)
    return torch.stack([loss.sum() for loss in micro_losses]) / n_total


MISTAKES = {
    "mean_of_means": mean_of_means,
    "sum_of_means": sum_of_means,
    "padding_counted": padding_counted,
    "padding_in_sum": padding_in_sum,
}

MESSAGES = {
    "mean_of_means": {
        "en": "You took each micro-batch's own token mean and divided it by K. That is the "
        "full-batch mean only when every micro-batch has the same number of real tokens; "
        "otherwise a micro-batch with 3 tokens weighs as much as one with 300. Sum the losses "
        "and divide every micro-batch by the same count: the real tokens of all K.",
        "zh": "你对每个 micro-batch 先在它自己的 token 上取平均，再除以 K。只有每个 micro-batch "
        "的真实 token 数都一样时，这才等于大 batch 的平均；否则 3 个 token 的 micro-batch 和 "
        "300 个 token 的权重一样。应该对损失求和，每个 micro-batch 都除以同一个数：K 个 "
        "micro-batch 的真实 token 总数。",
    },
    "sum_of_means": {
        "en": "You backpropagate each micro-batch's token mean as it is, so the accumulated "
        "loss is a sum of K means: about K times the full-batch mean, and still weighted by "
        "micro-batch instead of by token. Divide each micro-batch's loss sum by the number of "
        "real tokens of all K micro-batches.",
        "zh": "你把每个 micro-batch 的 token 平均直接反传了，累积起来是 K 个均值之和：大约是"
        "大 batch 均值的 K 倍，而且还是按 micro-batch 加权而不是按 token 加权。应把每个 "
        "micro-batch 的损失和除以全部 K 个 micro-batch 的真实 token 总数。",
    },
    "padding_counted": {
        "en": "Your denominator is the number of positions (b_k * T_k summed over the "
        "micro-batches), padding included, so the loss shrinks with the amount of padding. "
        "Count only the True entries of the masks.",
        "zh": "你的分母是所有位置的个数（各 micro-batch 的 b_k * T_k 之和），padding 也算进去了，"
        "padding 越多损失越小。分母只能数掩码里为 True 的位置。",
    },
    "padding_in_sum": {
        "en": "The count is right, but you summed the losses of padded positions too. A loss "
        "computed at a padding position means nothing: mask it out of the numerator "
        "(losses[mask].sum(), or (losses * mask).sum()).",
        "zh": "分母没错，但 padding 位置的损失也被你加进了分子。padding 位置算出来的损失没有"
        "意义：分子里要把它们掩掉（losses[mask].sum() 或 (losses * mask).sum()）。",
    },
}
