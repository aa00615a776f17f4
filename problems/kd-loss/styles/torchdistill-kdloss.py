"""torchdistill's KDLoss (yoshitomo-matsubara/torchdistill, torchdistill/losses/single.py): a
subclass of nn.KLDivLoss(reduction="batchmean") that calls super().forward on
torch.log_softmax(student_output / temperature) and torch.softmax(teacher_output /
temperature), and returns alpha * hard_loss + beta * temperature ** 2 * soft_loss.

Changed: torchdistill's alpha weighs the hard loss and beta = 1 - alpha the soft one, so this
contract's alpha is beta there; its shortcut that returns the bare soft_loss (without T²)
when alpha is 0 or there are no targets is dropped.
"""

import torch
from torch import nn


class KDLoss(nn.KLDivLoss):
    def __init__(self, temperature, alpha=None, beta=None, reduction="batchmean"):
        super().__init__(reduction=reduction)
        self.temperature = temperature
        self.alpha = alpha
        self.beta = 1 - alpha if beta is None else beta
        cel_reduction = "mean" if reduction == "batchmean" else reduction
        self.cross_entropy_loss = nn.CrossEntropyLoss(reduction=cel_reduction)

    def forward(self, student_output, teacher_output, targets):
        soft_loss = super().forward(
            torch.log_softmax(student_output / self.temperature, dim=1),
            torch.softmax(teacher_output / self.temperature, dim=1),
        )
        hard_loss = self.cross_entropy_loss(student_output, targets)
        return self.alpha * hard_loss + self.beta * (self.temperature**2) * soft_loss


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    return KDLoss(T, alpha=1 - alpha, beta=alpha)(student_logits, teacher_logits, labels)
