# Wrong: the teacher's probabilities are taken at T = 1; only the student is divided by T.
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft = F.kl_div(
        F.log_softmax(student_logits / T, dim=-1),
        F.softmax(teacher_logits, dim=-1),
        reduction="batchmean",
    )
    return alpha * soft * T**2 + (1 - alpha) * F.cross_entropy(student_logits, labels)
