# Wrong: the larger of the two surrogates, so the clip never binds.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    m = mask.float()
    policy_loss = (-torch.max(surr1, surr2) * m).sum() / m.sum()
    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    vl = torch.max((values - returns) ** 2, (v_clipped - returns) ** 2)
    value_loss = 0.5 * (vl * m).sum() / m.sum()
    clip_fraction = (((ratio - 1).abs() > clip_eps).float() * m).sum() / m.sum()
    return policy_loss, value_loss, clip_fraction
