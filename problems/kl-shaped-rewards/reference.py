"""Trusted reference: the per-token rewards of PPO-RLHF (Ziegler et al. 2019; Stiennon et al.
2020; Ouyang et al. 2022): -kl_coef * log(pi / pi_ref) on every response token, plus the
reward model's score on the last response token of each row."""

import torch


def shape_rewards(
    rm_score: torch.Tensor,
    logp: torch.Tensor,
    ref_logp: torch.Tensor,
    mask: torch.Tensor,
    kl_coef: float = 0.1,
) -> torch.Tensor:
    """[B, T]: -kl_coef * (logp - ref_logp) where mask, 0 elsewhere, + rm_score at the end."""
    batch, length = mask.shape
    weights = mask.to(logp.dtype)  # [B, T]
    rewards = -kl_coef * (logp - ref_logp) * weights  # [B, T], 0 off the response
    positions = torch.arange(length).expand(batch, length)  # [B, T]
    last = torch.where(mask, positions, -1).max(dim=1).values  # [B], last True per row
    rows = torch.arange(batch)
    rewards[rows, last] = rewards[rows, last] + rm_score.to(rewards.dtype)
    return rewards
