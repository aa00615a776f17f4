"""The clipped objective by the sign of the advantage: for A > 0 only the upper bound can
bind, min(r, 1 + eps_high) A; for A < 0 only the lower one, max(r, 1 - eps_low) A. This is
the same as PPO's min of the clipped and unclipped terms."""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    r = torch.exp(logp - old_logp)
    a = advantages.unsqueeze(1).expand_as(r)
    upper = torch.clamp(r, max=1 + eps_high)
    lower = torch.clamp(r, min=1 - eps_low)
    objective = torch.where(a > 0, upper * a, lower * a)
    w = mask.to(r.dtype)
    return -(objective * w).sum() / w.sum()
