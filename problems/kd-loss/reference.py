"""Trusted reference: Hinton et al. (2015) distillation loss.

alpha * T² * KL(softmax(teacher / T) || softmax(student / T)) (summed over classes, averaged
over rows: reduction="batchmean") + (1 - alpha) * cross_entropy(student, labels).
"""

import torch
import torch.nn.functional as F

from reference_impl.knobs import knob


def kd_loss(
    student_logits: torch.Tensor,
    teacher_logits: torch.Tensor,
    labels: torch.Tensor,
    T: float = 2.0,
    alpha: float = 0.5,
) -> torch.Tensor:
    """The distillation loss, a 0-d tensor differentiable w.r.t. student_logits."""
    seen = knob("softmax_seen")  # diagnosis: how large the logits are (softmax_unstable)
    if seen is not None:
        seen(student_logits.detach().numpy())
        seen(teacher_logits.detach().numpy())
    log_p_s = F.log_softmax(student_logits / T, dim=-1)  # [N, C]
    log_p_t = F.log_softmax(teacher_logits / T, dim=-1)  # [N, C]
    # p_t * (log p_t - log p_s), 0 where p_t underflows (exp of a finite log is never NaN).
    kl_rows = (log_p_t.exp() * (log_p_t - log_p_s)).sum(dim=-1)  # [N]
    soft = kl_rows.mean() * T**2
    hard = F.cross_entropy(student_logits, labels)
    return alpha * soft + (1 - alpha) * hard
