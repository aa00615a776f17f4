# Wrong: the student module divides its logits by T before both losses.
import torch.nn.functional as F
from torch import nn


class Distiller(nn.Module):
    def __init__(self, T, alpha):
        super().__init__()
        self.T, self.alpha = T, alpha

    def forward(self, student_logits, teacher_logits, labels):
        student_logits = student_logits / self.T
        kd = F.kl_div(
            F.log_softmax(student_logits, -1),
            F.log_softmax(teacher_logits / self.T, -1),
            reduction="batchmean",
            log_target=True,
        )
        ce = F.cross_entropy(student_logits, labels)
        return self.alpha * kd * self.T**2 + (1 - self.alpha) * ce


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    return Distiller(T, alpha)(student_logits, teacher_logits, labels)
