# Wrong: the student's logits are divided by T once, and the hard loss uses them too.
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    s = student_logits / T
    t = teacher_logits / T
    soft = F.kl_div(F.log_softmax(s, dim=-1), F.softmax(t, dim=-1), reduction="batchmean")
    hard = F.cross_entropy(s, labels)
    return alpha * soft * T**2 + (1 - alpha) * hard
