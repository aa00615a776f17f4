"""Trusted reference: the causal sliding-window (local attention) mask."""

import torch


def sliding_window_mask(size: int, window: int) -> torch.Tensor:
    """[size, size] bool: True where i - window < j <= i (the query and window - 1 before it)."""
    i = torch.arange(size)[:, None]  # query positions [L, 1]
    j = torch.arange(size)[None, :]  # key positions [1, L]
    return (j <= i) & (j > i - window)  # [L, L]
