# Wrong: F.kl_div's arguments swapped: the teacher's log-probs as input, the student's
# probabilities as target, i.e. KL(student || teacher).
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft = F.kl_div(
        F.log_softmax(teacher_logits / T, dim=-1),
        F.softmax(student_logits / T, dim=-1),
        reduction="batchmean",
    ) * (T * T)
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)
