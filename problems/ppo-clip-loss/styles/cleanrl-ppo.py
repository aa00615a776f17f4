"""Adapted from CleanRL, `cleanrl/ppo.py` (vwxyzjn/cleanrl, read 2026-12): the loss block of
the minibatch loop, with its names (logratio, pg_loss1/pg_loss2 on negated advantages and
torch.max, v_loss_unclipped / v_clipped / v_loss_clipped / v_loss_max, clipfracs). Changed:
CleanRL works on a flat minibatch of environment steps, so here the real tokens are first
gathered into that flat batch with the mask (b_* = x[mask]); advantage normalisation,
entropy and approx_kl are cut; the value clip uses its own value_clip instead of clip_coef;
clipfrac stays a tensor instead of a Python float."""

import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    newlogprob, b_logprobs = logp[mask], old_logp[mask]  # [N], N real tokens
    mb_advantages, b_returns, b_values = advantages[mask], returns[mask], old_values[mask]
    newvalue = values[mask]

    logratio = newlogprob - b_logprobs
    ratio = logratio.exp()
    clipfrac = ((ratio - 1.0).abs() > clip_eps).float().mean()

    # Policy loss
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()

    # Value loss
    v_loss_unclipped = (newvalue - b_returns) ** 2
    v_clipped = b_values + torch.clamp(newvalue - b_values, -value_clip, value_clip)
    v_loss_clipped = (v_clipped - b_returns) ** 2
    v_loss_max = torch.max(v_loss_unclipped, v_loss_clipped)
    v_loss = 0.5 * v_loss_max.mean()
    return pg_loss, v_loss, clipfrac
