# Wrong: CleanRL's flat batch built with reshape(-1), so padded and prompt tokens are in it.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    b_logprobs, newlogprob = old_logp.reshape(-1), logp.reshape(-1)
    mb_advantages = advantages.reshape(-1)
    ratio = (newlogprob - b_logprobs).exp()
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    newvalue, b_values, b_returns = values.reshape(-1), old_values.reshape(-1), returns.reshape(-1)
    v_clipped = b_values + torch.clamp(newvalue - b_values, -value_clip, value_clip)
    v_loss = 0.5 * torch.max((newvalue - b_returns) ** 2, (v_clipped - b_returns) ** 2).mean()
    clipfrac = ((ratio - 1.0).abs() > clip_eps).float().mean()
    return pg_loss, v_loss, clipfrac
