# Wrong: sum p_s (log p_s - log p_t): the student's probabilities weight the log-ratio.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_p = torch.log_softmax(student_logits / T, -1)
    log_q = torch.log_softmax(teacher_logits / T, -1)
    kl = (log_p.exp() * (log_p - log_q)).sum(-1).mean()
    n = student_logits.size(0)
    nll = -torch.log_softmax(student_logits, -1)[torch.arange(n), labels].mean()
    return alpha * T**2 * kl + (1 - alpha) * nll
