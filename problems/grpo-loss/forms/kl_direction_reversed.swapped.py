# Wrong: k3 with the log-ratio the other way round, exp(logp - ref) - (logp - ref) - 1.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(1)
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    log_ratio = logp - ref_logp
    kl = torch.exp(log_ratio) - log_ratio - 1
    per_token = -(surr - beta * kl)
    m = mask.float()
    count = m.sum(1)
    per_row = (per_token * m).sum(1) / count.clamp(min=1)
    return per_row[count > 0].mean()
