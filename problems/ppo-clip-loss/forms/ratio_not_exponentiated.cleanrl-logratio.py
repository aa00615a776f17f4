# Wrong: CleanRL's names, but the log-ratio itself is used as the ratio (the .exp() is missing).
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    newlogprob, b_logprobs = logp[mask], old_logp[mask]
    mb_advantages = advantages[mask]
    logratio = newlogprob - b_logprobs
    ratio = logratio
    clipfrac = ((ratio - 1.0).abs() > clip_eps).float().mean()
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    newvalue, b_values, b_returns = values[mask], old_values[mask], returns[mask]
    v_clipped = b_values + torch.clamp(newvalue - b_values, -value_clip, value_clip)
    v_loss = 0.5 * torch.max((newvalue - b_returns) ** 2, (v_clipped - b_returns) ** 2).mean()
    return pg_loss, v_loss, clipfrac
