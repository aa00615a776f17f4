"""Row by row, as on a whiteboard: soften both rows, add up the row's KL term, add the row's
cross-entropy, and average both over the rows at the end; float64 inside."""

import torch


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    soft_total = torch.zeros((), dtype=torch.float64)
    hard_total = torch.zeros((), dtype=torch.float64)
    rows = student_logits.shape[0]
    rows_of = zip(student_logits.double(), teacher_logits.double(), labels.tolist(), strict=True)
    for s, t, y in rows_of:
        log_ps = s / T - torch.logsumexp(s / T, dim=0)
        log_pt = t / T - torch.logsumexp(t / T, dim=0)
        soft_total = soft_total + (log_pt.exp() * (log_pt - log_ps)).sum()
        hard_total = hard_total + torch.logsumexp(s, dim=0) - s[y]
    loss = alpha * T * T * soft_total / rows + (1 - alpha) * hard_total / rows
    return loss.to(student_logits.dtype)
