# Wrong: soft_targets.log() (as in the PyTorch tutorial): a teacher probability that
# underflows to 0 gives 0 * (-inf) = NaN.
import torch
from torch import nn


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft_targets = nn.functional.softmax(teacher_logits / T, dim=-1)
    soft_prob = nn.functional.log_softmax(student_logits / T, dim=-1)
    soft_targets_loss = (
        torch.sum(soft_targets * (soft_targets.log() - soft_prob)) / soft_prob.size()[0] * (T**2)
    )
    label_loss = nn.CrossEntropyLoss()(student_logits, labels)
    return alpha * soft_targets_loss + (1 - alpha) * label_loss
