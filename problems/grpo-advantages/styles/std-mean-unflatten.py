"""torch.std_mean on an unflatten view: both statistics in one call (correction=1, the
unbiased std), broadcast over the group dimension, then flattened back."""

import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.unflatten(0, (-1, group_size))  # [N, G]
    std, mean = torch.std_mean(grouped, dim=-1, correction=1, keepdim=True)
    centred = grouped - mean
    out = centred / (std + eps) if scale else centred
    return out.flatten()
