# Wrong: TRL-style masked_mean, but the objective is torch.maximum of the surrogates.
import torch


def masked_mean(values, mask):
    return (values * mask).sum() / mask.sum()


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.exp(logp - old_logp)
    objective = torch.maximum(
        advantages * ratio, advantages * ratio.clamp(1 - clip_eps, 1 + clip_eps)
    )
    pg_loss = -masked_mean(objective, mask)
    vpredclipped = torch.clamp(values, old_values - value_clip, old_values + value_clip)
    vf_loss = 0.5 * masked_mean(
        torch.max(torch.square(values - returns), torch.square(vpredclipped - returns)), mask
    )
    return pg_loss, vf_loss, masked_mean(((ratio - 1).abs() > clip_eps).float(), mask)
