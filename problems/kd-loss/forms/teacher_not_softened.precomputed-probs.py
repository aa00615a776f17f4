# Wrong: the teacher's soft labels are computed once, before the temperature is applied.
import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    teacher_probs = teacher_logits.softmax(dim=-1)
    teacher_log_probs = teacher_logits.log_softmax(dim=-1)
    student_log_probs = (student_logits / T).log_softmax(dim=-1)
    kl = (teacher_probs * (teacher_log_probs - student_log_probs)).sum(dim=-1).mean()
    ce = torch.nn.functional.cross_entropy(student_logits, labels)
    return alpha * T * T * kl + (1 - alpha) * ce
