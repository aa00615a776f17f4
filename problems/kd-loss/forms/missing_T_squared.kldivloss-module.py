# Wrong: a KD module that softens with T but never rescales the KL by T * T.
import torch.nn.functional as F
from torch import nn


class DistillKL(nn.Module):
    def __init__(self, T):
        super().__init__()
        self.T = T
        self.kl = nn.KLDivLoss(reduction="batchmean")

    def forward(self, y_s, y_t):
        p_s = F.log_softmax(y_s / self.T, dim=1)
        p_t = F.softmax(y_t / self.T, dim=1)
        return self.kl(p_s, p_t)


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft = DistillKL(T)(student_logits, teacher_logits)
    return alpha * soft + (1 - alpha) * nn.CrossEntropyLoss()(student_logits, labels)
