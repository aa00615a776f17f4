# Wrong: a loop over rows computing the reverse KL, KL(student || teacher).
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft, hard = 0.0, 0.0
    for s, t, y in zip(student_logits, teacher_logits, labels, strict=True):
        ls = torch.log_softmax(s / T, dim=0)
        lt = torch.log_softmax(t / T, dim=0)
        soft = soft + torch.sum(torch.exp(ls) * (ls - lt))
        hard = hard - torch.log_softmax(s, dim=0)[y]
    n = len(labels)
    return alpha * (T**2) * soft / n + (1 - alpha) * hard / n
