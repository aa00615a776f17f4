# Wrong: only the student's logits are scaled by 1/T before the KL.
import torch
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    s = student_logits / T
    t = teacher_logits
    log_ps = s - torch.logsumexp(s, dim=1, keepdim=True)
    log_pt = t - torch.logsumexp(t, dim=1, keepdim=True)
    soft = F.kl_div(log_ps, log_pt, reduction="batchmean", log_target=True)
    return alpha * (T**2) * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)
