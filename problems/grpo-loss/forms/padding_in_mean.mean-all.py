# Wrong: masks the per-token loss, then .mean() over all B * T positions.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(1)
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    x = ref_logp - logp
    per_token = -(surr - beta * (torch.exp(x) - x - 1))
    return (per_token * mask).mean()
