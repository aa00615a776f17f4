# Wrong: the off-target classes share eps among V - 1 of them.
import torch
import torch.nn.functional as F


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    n_classes = logits.shape[1]
    mask = targets != ignore_index
    one_hot = F.one_hot(targets[mask], n_classes).bool()
    q = torch.where(one_hot, 1.0 - smoothing, smoothing / (n_classes - 1))
    logp = F.log_softmax(logits[mask], dim=1)
    return -(q * logp).sum() / mask.sum()
