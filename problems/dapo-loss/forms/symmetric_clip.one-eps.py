# Wrong: GRPO's symmetric clip, eps_low on both sides; eps_high is ignored.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio = torch.exp(logp - old_logp)
    adv = advantages[:, None]
    clipped = torch.clamp(ratio, 1 - eps_low, 1 + eps_low)
    surr = torch.min(ratio * adv, clipped * adv)
    m = mask.float()
    return -(surr * m).sum() / m.sum()
