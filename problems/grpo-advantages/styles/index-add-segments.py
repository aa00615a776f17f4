"""Segment reductions with index_add_: each sample carries its group id (i // G), the group
sums and sums of squared deviations are scattered into [N] buffers and gathered back, the
way a ragged batch (groups of different sizes) would be handled."""

import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    total = rewards.numel()
    num_groups = total // group_size
    group_id = torch.arange(total) // group_size  # [N*G]
    sums = torch.zeros(num_groups, dtype=rewards.dtype).index_add_(0, group_id, rewards)
    mean = (sums / group_size)[group_id]  # [N*G]
    centred = rewards - mean
    if not scale:
        return centred
    sq = torch.zeros(num_groups, dtype=rewards.dtype).index_add_(0, group_id, centred**2)
    std = (sq / (group_size - 1)).sqrt()[group_id]  # unbiased
    return centred / (std + eps)
