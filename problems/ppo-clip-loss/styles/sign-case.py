"""The sign-split form of the clipped objective, as OpenAI Spinning Up's PPO page writes it:
min(r A, g(eps, A)) with g = (1 + eps) A for A >= 0 and (1 - eps) A for A < 0, which equals
min(r A, clip(r) A). The masked mean uses torch.where and the mask count."""

import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    r = torch.exp(logp - old_logp)
    g = torch.where(advantages >= 0, (1 + clip_eps) * advantages, (1 - clip_eps) * advantages)
    objective = torch.minimum(r * advantages, g)
    n = mask.sum()
    zero = torch.zeros_like(r)
    policy_loss = -torch.where(mask, objective, zero).sum() / n

    delta = torch.clamp(values - old_values, min=-value_clip, max=value_clip)
    err = torch.maximum((values - returns).square(), (old_values + delta - returns).square())
    value_loss = torch.where(mask, err, zero).sum() / (2 * n)

    outside = (r > 1 + clip_eps) | (r < 1 - clip_eps)
    clip_fraction = (outside & mask).sum().float() / n
    return policy_loss, value_loss, clip_fraction
