# Wrong: the masked loss averaged with .mean(), over all B * T positions.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio = torch.exp(logp - old_logp)
    adv = advantages[:, None]
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - eps_low, 1 + eps_high) * adv)
    return -(surr * mask.float()).mean()
