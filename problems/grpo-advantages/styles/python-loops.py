"""Plain Python loops over the groups, as on a whiteboard: the mean and the unbiased
variance (divided by G - 1) computed by hand, the result written into a new tensor."""

import math

import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    values = rewards.tolist()
    out = []
    for start in range(0, len(values), group_size):
        group = values[start : start + group_size]
        mean = sum(group) / group_size
        std = math.sqrt(sum((r - mean) ** 2 for r in group) / (group_size - 1))
        for r in group:
            out.append((r - mean) / (std + eps) if scale else r - mean)
    return torch.tensor(out, dtype=rewards.dtype)
