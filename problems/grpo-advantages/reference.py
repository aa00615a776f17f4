"""Trusted reference: GRPO's outcome advantages, normalised within groups of consecutive
samples (the layout of TRL's GRPOTrainer: rewards.view(-1, G))."""

import torch


def grpo_advantages(
    rewards: torch.Tensor, group_size: int, scale: bool = True, eps: float = 1e-4
) -> torch.Tensor:
    """(r - group mean) / (group std + eps), or r - group mean when scale is False: [N*G]."""
    grouped = rewards.view(-1, group_size)  # [N, G], one row per prompt
    advantages = grouped - grouped.mean(dim=1, keepdim=True)  # [N, G]
    if scale:
        advantages = advantages / (grouped.std(dim=1, keepdim=True) + eps)  # unbiased std
    return advantages.reshape(-1)  # [N*G]
