# Wrong: .mean() over the whole [N, C] matrix of KL terms instead of a sum over classes.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_ps = torch.log_softmax(student_logits / T, dim=-1)
    log_pt = torch.log_softmax(teacher_logits / T, dim=-1)
    kl = (torch.exp(log_pt) * (log_pt - log_ps)).mean()
    ce = torch.nn.functional.cross_entropy(student_logits, labels)
    return alpha * kl * T**2 + (1 - alpha) * ce
