# Wrong: the KL term is the plain log-ratio logp - ref_logp (k1), not k3.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(1)
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    kl = logp - ref_logp
    per_token = -(surr - beta * kl)
    m = mask.float()
    count = m.sum(1)
    per_row = (per_token * m).sum(1) / count.clamp(min=1)
    valid = count > 0
    return per_row[valid].mean()
