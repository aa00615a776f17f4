# Wrong: GRPO's reduction, each row's masked mean, then the mean of the non-empty rows.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(1)
    per_token = -torch.min(ratio * adv, ratio.clamp(1 - eps_low, 1 + eps_high) * adv)
    m = mask.float()
    n = m.sum(1)
    per_row = (per_token * m).sum(1) / n.clamp(min=1)
    return per_row[n > 0].mean()
