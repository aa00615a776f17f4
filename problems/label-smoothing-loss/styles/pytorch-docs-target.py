"""The PyTorch docs for CrossEntropyLoss(label_smoothing=eps): the target becomes a mixture
of the original ground truth and a uniform distribution, (1 - eps) * one_hot + eps / C;
built explicitly and dotted with the log-probabilities."""

import torch.nn.functional as F


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    C = logits.size(1)
    keep = targets != ignore_index
    one_hot = F.one_hot(targets[keep], C).to(logits.dtype)
    soft_targets = (1.0 - smoothing) * one_hot + smoothing / C
    return -(soft_targets * F.log_softmax(logits[keep], dim=1)).sum(dim=1).mean()
