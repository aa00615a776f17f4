# Wrong: one log_softmax(student / T) is reused for the hard term's gather.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_ps = torch.log_softmax(student_logits / T, dim=1)
    log_pt = torch.log_softmax(teacher_logits / T, dim=1)
    kl = (log_pt.exp() * (log_pt - log_ps)).sum(dim=1).mean() * T * T
    nll = -log_ps.gather(1, labels.unsqueeze(1)).squeeze(1).mean()
    return alpha * kl + (1 - alpha) * nll
