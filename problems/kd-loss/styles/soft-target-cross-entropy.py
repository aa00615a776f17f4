"""KL as cross-entropy minus entropy: KL(p_t || p_s) = H(p_t, p_s) - H(p_t). F.cross_entropy
accepts class probabilities as its target (PyTorch 1.10+), which gives the mean over rows of
-sum p_t log p_s directly; the teacher's entropy (a constant for the student) is taken off
with xlogy so that p_t = 0 counts as 0."""

import torch
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    p_t = F.softmax(teacher_logits / T, dim=-1)
    cross = F.cross_entropy(student_logits / T, p_t)  # mean_i  -sum_c p_t log p_s
    entropy = -torch.special.xlogy(p_t, p_t).sum(dim=-1).mean()
    soft = (cross - entropy) * T**2
    hard = F.cross_entropy(student_logits, labels)
    return alpha * soft + (1 - alpha) * hard
