# Wrong: nn.KLDivLoss() with its default reduction="mean" divides by N * C, not by N.
import torch.nn.functional as F
from torch import nn


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft_loss = (
        nn.KLDivLoss()(
            F.log_softmax(student_logits / T, dim=1), F.softmax(teacher_logits / T, dim=1)
        )
        * T**2
    )
    hard_loss = F.cross_entropy(student_logits, labels)
    return alpha * soft_loss + (1.0 - alpha) * hard_loss
