# Wrong: torch.max of the unclipped and clipped objectives.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio = torch.exp(logp - old_logp)
    adv = advantages[:, None]
    surr = torch.max(ratio * adv, torch.clamp(ratio, 1 - eps_low, 1 + eps_high) * adv)
    m = mask.float()
    return -(surr * m).sum() / m.sum()
