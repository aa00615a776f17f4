"""Blocked = strictly upper triangle; the allowed mask is its logical negation."""

import torch


def causal_mask(size: int) -> torch.BoolTensor:
    future = torch.ones(size, size, dtype=torch.bool).triu(diagonal=1)
    return ~future
