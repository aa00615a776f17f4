# Wrong: torch.div(logp, old_logp): "new over old", but of log-probs, so it is not pi/pi_old.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = torch.div(logp, old_logp)
    pg_losses = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    n = mask.sum()
    pg_loss = torch.max(pg_losses, pg_losses2)[mask].sum() / n
    vpredclipped = torch.clamp(values, old_values - value_clip, old_values + value_clip)
    vf = torch.max(torch.square(values - returns), torch.square(vpredclipped - returns))
    vf_loss = 0.5 * vf[mask].sum() / n
    clipfrac = ((ratio - 1.0).abs() > clip_eps)[mask].float().mean()
    return pg_loss, vf_loss, clipfrac
