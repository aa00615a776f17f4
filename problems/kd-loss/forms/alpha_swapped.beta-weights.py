# Wrong: weights named for the two terms, but alpha ends up on the cross-entropy.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    ce_weight, kd_weight = alpha, 1.0 - alpha
    log_ps = torch.log_softmax(student_logits / T, -1)
    log_pt = torch.log_softmax(teacher_logits / T, -1)
    kd = torch.sum(log_pt.exp() * (log_pt - log_ps)) / student_logits.shape[0] * T**2
    ce = torch.nn.functional.cross_entropy(student_logits, labels)
    return kd_weight * kd + ce_weight * ce
