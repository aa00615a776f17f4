# Wrong: D_KL taken as -log(pi_ref / pi_theta) only, dropping the ratio - 1 part of k3.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    r = torch.exp(logp - old_logp)
    a = advantages.view(-1, 1)
    obj = torch.minimum(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
    ref_over_theta = torch.exp(ref_logp - logp)
    d_kl = -torch.log(ref_over_theta)
    objective = obj - beta * d_kl
    m = mask.to(logp.dtype)
    n = m.sum(-1)
    per_seq = (objective * m).sum(-1) / n.clamp(min=1)
    return -per_seq[n > 0].mean()
