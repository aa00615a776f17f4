import torch
import torch.nn.functional as F


def kd_loss(
    student_logits: torch.Tensor,
    teacher_logits: torch.Tensor,
    labels: torch.Tensor,
    T: float = 2.0,
    alpha: float = 0.5,
) -> torch.Tensor:
    # Soften both distributions with the same temperature; log_softmax, never log(softmax).
    log_p_student = F.log_softmax(student_logits / T, dim=-1)  # [N, C]
    log_p_teacher = F.log_softmax(teacher_logits / T, dim=-1)  # [N, C]
    # kl_div(input, target) = KL(target || input): the teacher is the target.
    # "batchmean" sums over classes and divides by N (plain "mean" would divide by N * C).
    soft = F.kl_div(log_p_student, log_p_teacher, reduction="batchmean", log_target=True)
    # T² keeps the soft term's gradients on the same scale as the hard term's.
    soft = soft * T * T
    hard = F.cross_entropy(student_logits, labels)  # T = 1 for the true labels
    return alpha * soft + (1 - alpha) * hard
