# Wrong: "ratio" is the difference of log-probs; the subtraction is right, the exp is forgotten.
import torch


def masked_mean(x, m):
    return (x * m).sum() / m.sum()


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = logp - old_logp
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = masked_mean(-torch.min(surr1, surr2), mask)
    v_clip = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    value_loss = 0.5 * masked_mean(
        torch.max((values - returns) ** 2, (v_clip - returns) ** 2), mask
    )
    clip_fraction = masked_mean((torch.abs(ratio - 1) > clip_eps).float(), mask)
    return policy_loss, value_loss, clip_fraction
