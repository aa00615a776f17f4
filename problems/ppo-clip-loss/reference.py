"""Trusted reference for ppo-clip-loss: PPO's clipped surrogate (Schulman et al. 2017, eq. 7),
the clipped value loss of OpenAI baselines / CleanRL, and the clip fraction, each a masked
mean over all real tokens of the batch."""

import torch


def _masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Mean of x over the True entries of mask, all rows together: a 0-d tensor."""
    weight = mask.to(x.dtype)
    return (x * weight).sum() / weight.sum()


def ppo_losses(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    advantages: torch.Tensor,
    values: torch.Tensor,
    old_values: torch.Tensor,
    returns: torch.Tensor,
    mask: torch.Tensor,
    clip_eps: float = 0.2,
    value_clip: float = 0.2,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(policy_loss, value_loss, clip_fraction) for [B, T] inputs and a bool mask [B, T]."""
    ratio = torch.exp(logp - old_logp)  # [B, T], pi_new / pi_old per token
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    policy_loss = _masked_mean(-torch.min(surr1, surr2), mask)

    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    v_loss = torch.max((values - returns) ** 2, (v_clipped - returns) ** 2)  # [B, T]
    value_loss = 0.5 * _masked_mean(v_loss, mask)

    clipped = ((ratio - 1.0).abs() > clip_eps).to(logp.dtype)  # [B, T], 0/1
    clip_fraction = _masked_mean(clipped, mask)
    return policy_loss, value_loss, clip_fraction
