# Wrong: the Hugging Face book's alpha * loss_ce + (1 - alpha) * loss_kd, with alpha passed as is.
import torch.nn.functional as F
from torch import nn


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    loss_ce = F.cross_entropy(student_logits, labels)
    loss_fct = nn.KLDivLoss(reduction="batchmean")
    loss_kd = T**2 * loss_fct(
        F.log_softmax(student_logits / T, dim=-1), F.softmax(teacher_logits / T, dim=-1)
    )
    return alpha * loss_ce + (1.0 - alpha) * loss_kd
