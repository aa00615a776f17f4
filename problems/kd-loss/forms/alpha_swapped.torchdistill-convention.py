# Wrong: alpha weighs the hard loss and 1 - alpha the soft one (torchdistill's convention).
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft_loss = F.kl_div(
        F.log_softmax(student_logits / T, dim=1),
        F.softmax(teacher_logits / T, dim=1),
        reduction="batchmean",
    )
    hard_loss = F.cross_entropy(student_logits, labels)
    return alpha * hard_loss + (1 - alpha) * (T**2) * soft_loss
