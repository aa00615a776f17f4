# Wrong: the KL term is not multiplied by T**2.
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft = F.kl_div(
        F.log_softmax(student_logits / T, dim=-1),
        F.softmax(teacher_logits / T, dim=-1),
        reduction="batchmean",
    )
    hard = F.cross_entropy(student_logits, labels)
    return alpha * soft + (1 - alpha) * hard
