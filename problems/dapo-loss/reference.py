"""Trusted reference: the DAPO policy loss (Yu et al. 2025, the objective of section 3):
PPO's clipped surrogate with decoupled clip bounds 1 - eps_low and 1 + eps_high
(clip-higher), summed over every valid token of the batch and divided by their number
(token-level policy gradient loss). No KL term.

Matches verl's compute_policy_loss with cliprange_low / cliprange_high and
loss_agg_mode="token-mean" (its dual clip never binds for ratios below 3), and TRL's
GRPOTrainer with loss_type="dapo" and epsilon_high on one process.
"""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    """-(sum of min(r A, clip(r, 1 - eps_low, 1 + eps_high) A) over valid tokens) / count."""
    ratio = torch.exp(logp - old_logp)  # [B, T]
    adv = advantages.unsqueeze(1)  # [B, 1]
    clipped = torch.clamp(ratio, 1 - eps_low, 1 + eps_high)  # [B, T]
    surrogate = torch.min(ratio * adv, clipped * adv)  # [B, T]
    weights = mask.to(logp.dtype)  # [B, T]
    return -(surrogate * weights).sum() / weights.sum()
