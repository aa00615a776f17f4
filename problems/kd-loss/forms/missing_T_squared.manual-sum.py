# Wrong: hand-written KL averaged over the rows, but the T² factor is forgotten.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_ps = torch.log_softmax(student_logits / T, dim=1)
    log_pt = torch.log_softmax(teacher_logits / T, dim=1)
    kl = (log_pt.exp() * (log_pt - log_ps)).sum(dim=1).mean()
    ce = -torch.log_softmax(student_logits, dim=1).gather(1, labels[:, None]).mean()
    return alpha * kl + (1 - alpha) * ce
