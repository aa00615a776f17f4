# Wrong: the mask is never used; every mean runs over all B * T positions.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = -torch.min(surr1, surr2).mean()
    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    value_loss = 0.5 * torch.max((values - returns) ** 2, (v_clipped - returns) ** 2).mean()
    clip_fraction = ((ratio - 1).abs() > clip_eps).float().mean()
    return policy_loss, value_loss, clip_fraction
