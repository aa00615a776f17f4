# Wrong: the valid tokens pulled out with the mask, then the larger objective kept.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    a = advantages[:, None].expand_as(logp)[mask]
    r = (logp[mask] - old_logp[mask]).exp()
    return -torch.maximum(r * a, r.clamp(1 - eps_low, 1 + eps_high) * a).mean()
