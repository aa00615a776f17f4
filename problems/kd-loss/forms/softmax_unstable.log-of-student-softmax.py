# Wrong: torch.log(F.softmax(...)) for the student: a student probability that underflows
# to 0 gives log 0 = -inf where the teacher's probability is about 1.
import torch
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_p_s = torch.log(F.softmax(student_logits / T, dim=-1))
    p_t = F.softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p_s, p_t, reduction="batchmean") * T * T
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)
