# Wrong: CleanRL's negated losses pg_loss1 / pg_loss2, but combined with torch.min.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = (logp - old_logp).exp()[mask]
    mb_advantages = advantages[mask]
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = torch.min(pg_loss1, pg_loss2).mean()
    newvalue, b_values, b_returns = values[mask], old_values[mask], returns[mask]
    v_clipped = b_values + torch.clamp(newvalue - b_values, -value_clip, value_clip)
    v_loss = 0.5 * torch.max((newvalue - b_returns) ** 2, (v_clipped - b_returns) ** 2).mean()
    clipfrac = ((ratio - 1.0).abs() > clip_eps).float().mean()
    return pg_loss, v_loss, clipfrac
