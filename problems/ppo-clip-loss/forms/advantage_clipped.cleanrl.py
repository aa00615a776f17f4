# Wrong: CleanRL's pg_loss2 with the clamp moved onto mb_advantages.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    ratio = (logp[mask] - old_logp[mask]).exp()
    mb_advantages = advantages[mask]
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -torch.clamp(mb_advantages, 1 - clip_eps, 1 + clip_eps) * ratio
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    newvalue, b_values, b_returns = values[mask], old_values[mask], returns[mask]
    v_loss_unclipped = (newvalue - b_returns) ** 2
    v_clipped = b_values + torch.clamp(newvalue - b_values, -value_clip, value_clip)
    v_loss = 0.5 * torch.max(v_loss_unclipped, (v_clipped - b_returns) ** 2).mean()
    clipfrac = ((ratio - 1.0).abs() > clip_eps).float().mean()
    return pg_loss, v_loss, clipfrac
