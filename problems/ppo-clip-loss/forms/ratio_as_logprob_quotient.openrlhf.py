# Wrong: OpenRLHF-style PolicyLoss with ratio = log_probs / old_log_probs.
import torch


def masked_mean(tensor, mask, dim=None):
    return (tensor * mask).sum(dim=dim) / mask.sum(dim=dim)


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    log_probs, old_log_probs = logp, old_logp
    ratio = log_probs / old_log_probs
    surr1 = ratio * advantages
    surr2 = ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages
    loss = masked_mean(-torch.min(surr1, surr2), mask)
    values_clipped = old_values + (values - old_values).clamp(-value_clip, value_clip)
    v = torch.max((values_clipped - returns) ** 2, (values - returns) ** 2)
    clip_ratio = masked_mean(((ratio - 1).abs() > clip_eps).float(), mask)
    return loss, 0.5 * masked_mean(v, mask), clip_ratio
