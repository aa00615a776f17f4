# Wrong: builds a "clipped advantage" and multiplies it by the raw ratio.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    n = mask.sum()
    r = torch.exp(logp - old_logp)
    a_clip = advantages.clamp(min=1 - clip_eps, max=1 + clip_eps)
    obj = torch.minimum(r * advantages, r * a_clip)
    policy_loss = -torch.where(mask, obj, torch.zeros_like(obj)).sum() / n
    vc = old_values + (values - old_values).clamp(-value_clip, value_clip)
    err = torch.maximum((values - returns).pow(2), (vc - returns).pow(2))
    value_loss = torch.where(mask, err, torch.zeros_like(err)).sum() / n / 2
    frac = ((r - 1).abs() > clip_eps) & mask
    return policy_loss, value_loss, frac.sum() / n
