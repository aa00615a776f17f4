"""Linear algebra: a one-hot membership matrix M [N*G, N] (sample i belongs to group i // G)
turns the group means into M @ (M.T @ r / G), and the same for the squared deviations."""

import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    total = rewards.numel()
    groups = torch.arange(total) // group_size
    membership = torch.nn.functional.one_hot(groups).to(rewards.dtype)  # [N*G, N]
    mean = membership @ (membership.T @ rewards / group_size)  # [N*G]
    centred = rewards - mean
    if not scale:
        return centred
    var = membership @ (membership.T @ centred.square() / (group_size - 1))
    return centred / (var.sqrt() + eps)
