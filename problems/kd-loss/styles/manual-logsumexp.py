"""Written out by hand, no torch.nn.functional: log-probabilities as z - logsumexp(z) with
the row maximum subtracted, KL as sum p_t (log p_t - log p_s), and the hard loss as
logsumexp(z) - z_y."""

import torch


def _log_softmax(z):
    m = z.max(dim=-1, keepdim=True).values
    return z - m - torch.log(torch.exp(z - m).sum(dim=-1, keepdim=True))


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    n = student_logits.shape[0]
    log_ps = _log_softmax(student_logits / T)  # [N, C]
    log_pt = _log_softmax(teacher_logits / T)  # [N, C]
    pt = torch.exp(log_pt)
    soft = (pt * (log_pt - log_ps)).sum() / n * T**2
    log_p = _log_softmax(student_logits)  # T = 1 for the labels
    hard = -log_p[torch.arange(n), labels].mean()
    return alpha * soft + (1 - alpha) * hard
