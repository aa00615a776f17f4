"""Adapted from verl, verl/trainer/ppo/core_algos.py (read 2026-12, commit b178a3c):
compute_policy_loss with cliprange_low / cliprange_high (DAPO's clip-higher; the DAPO
recipe sets clip_ratio_low=0.2, clip_ratio_high=0.28) and agg_loss with
loss_agg_mode="token-mean" (masked sum divided by the batch's token count, times dp_size).
Kept: the clamp of the log-ratio to [-20, 20], pg_losses1 / pg_losses2 with
torch.maximum, and the dual clip for negative advantages (clip_ratio_c = 3), which never
binds here since every ratio is below 3. Changed: advantages are per sequence and
broadcast over tokens; no metrics; one data-parallel rank (dp_size = 1)."""

import torch


def agg_loss(loss_mat, loss_mask, loss_agg_mode="token-mean", dp_size=1):
    if loss_agg_mode == "token-mean":
        batch_num_tokens = loss_mask.sum()
        return (loss_mat * loss_mask).sum() / batch_num_tokens * dp_size
    raise ValueError(f"Invalid loss_agg_mode: {loss_agg_mode}")


def compute_policy_loss(
    old_log_prob,
    log_prob,
    advantages,
    response_mask,
    cliprange_low,
    cliprange_high,
    clip_ratio_c=3.0,
    loss_agg_mode="token-mean",
):
    negative_approx_kl = log_prob - old_log_prob
    negative_approx_kl = torch.clamp(negative_approx_kl, min=-20.0, max=20.0)
    ratio = torch.exp(negative_approx_kl)
    pg_losses1 = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1 - cliprange_low, 1 + cliprange_high)
    clip_pg_losses1 = torch.maximum(pg_losses1, pg_losses2)
    pg_losses3 = -advantages * clip_ratio_c
    clip_pg_losses2 = torch.min(pg_losses3, clip_pg_losses1)
    pg_losses = torch.where(advantages < 0, clip_pg_losses2, clip_pg_losses1)
    return agg_loss(loss_mat=pg_losses, loss_mask=response_mask, loss_agg_mode=loss_agg_mode)


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    response_mask = mask.to(logp.dtype)
    token_advantages = advantages.unsqueeze(-1).expand_as(logp)
    return compute_policy_loss(old_logp, logp, token_advantages, response_mask, eps_low, eps_high)
