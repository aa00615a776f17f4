# Wrong: the probability ratio written as a quotient of the log-probabilities.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    m = mask.float()
    ratio = logp / old_logp
    surr = torch.min(
        ratio * advantages, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    )
    policy_loss = -(surr * m).sum() / m.sum()
    v_clip = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    vf = torch.max((values - returns) ** 2, (v_clip - returns) ** 2)
    value_loss = 0.5 * (vf * m).sum() / m.sum()
    clip_fraction = (((ratio - 1).abs() > clip_eps).float() * m).sum() / m.sum()
    return policy_loss, value_loss, clip_fraction
