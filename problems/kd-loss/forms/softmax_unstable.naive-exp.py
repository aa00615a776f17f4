# Wrong: softmax as exp(z) / sum exp(z) with no maximum subtracted: exp overflows for
# logits near +1000 and gives 0 / 0 near -1000.
import torch


def _softmax(z):
    e = torch.exp(z)
    return e / e.sum(dim=-1, keepdim=True)


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    p_s = _softmax(student_logits / T)
    p_t = _softmax(teacher_logits / T)
    soft = (p_t * (torch.log(p_t) - torch.log(p_s))).sum(-1).mean() * T**2
    p = _softmax(student_logits)
    hard = -torch.log(p[torch.arange(len(labels)), labels]).mean()
    return alpha * soft + (1 - alpha) * hard
