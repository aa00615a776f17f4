"""Adapted from Hugging Face TRL, `trl/trainer/ppo_trainer.py` (`PPOTrainer.train`, the
micro-batch loss; read 2026-12) and its `masked_mean` helper: vpredclipped with tensor
bounds (mb_values -/+ cliprange_value), vf_losses1 / vf_losses2 and torch.max, pg_losses /
pg_losses2 on negated advantages and torch.max, each reduced with masked_mean. Changed: TRL
passes ~padding_mask, here the mask is already True at real tokens; and TRL's pg_clipfrac
counts tokens where pg_losses2 > pg_losses (the clip is active in the max), while this
contract counts |ratio - 1| > eps, so that line follows the contract."""

import torch


def masked_mean(values, mask, axis=None):
    """Compute mean of tensor with a masked values."""
    if axis is not None:
        return (values * mask).sum(axis=axis) / mask.sum(axis=axis)
    return (values * mask).sum() / mask.sum()


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    new_logprobs, mb_logprobs, mb_advantage = logp, old_logp, advantages
    vpred, mb_values, mb_return = values, old_values, returns
    cliprange, cliprange_value = clip_eps, value_clip

    vpredclipped = torch.clamp(vpred, mb_values - cliprange_value, mb_values + cliprange_value)
    vf_losses1 = torch.square(vpred - mb_return)
    vf_losses2 = torch.square(vpredclipped - mb_return)
    vf_loss_max = torch.max(vf_losses1, vf_losses2)
    vf_loss = 0.5 * masked_mean(vf_loss_max, mask)

    logprobs_diff = new_logprobs - mb_logprobs
    ratio = torch.exp(logprobs_diff)
    pg_losses = -mb_advantage * ratio
    pg_losses2 = -mb_advantage * torch.clamp(ratio, 1.0 - cliprange, 1.0 + cliprange)
    pg_loss_max = torch.max(pg_losses, pg_losses2)
    pg_loss = masked_mean(pg_loss_max, mask)
    pg_clipfrac = masked_mean(((ratio - 1.0).abs() > cliprange).float(), mask)
    return pg_loss, vf_loss, pg_clipfrac
