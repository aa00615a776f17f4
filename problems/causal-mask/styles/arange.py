"""Comparing positions instead of tril."""

import torch


def causal_mask(size: int) -> torch.BoolTensor:
    positions = torch.arange(size)
    return positions[None, :] <= positions[:, None]
