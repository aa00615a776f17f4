# Wrong: F.kl_div(..., reduction="mean") averages over every element (N * C of them).
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_p_s = F.log_softmax(student_logits / T, dim=-1)
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, log_p_t, reduction="mean", log_target=True) * T * T
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)
