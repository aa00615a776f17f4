# Wrong: torch.where zeroes the padding, then a plain mean over every position.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    r = torch.exp(logp - old_logp)
    a = advantages.view(-1, 1)
    obj = torch.minimum(r * a, r.clamp(1 - eps_low, 1 + eps_high) * a)
    obj = torch.where(mask, obj, torch.zeros_like(obj))
    return -obj.mean()
