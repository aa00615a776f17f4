"""Trusted reference for causal sliding-window attention (Mistral-style local attention).

Query i attends to keys j with i - window < j <= i: itself and the window - 1 positions
before it. The attention is reference_impl.torch_ops.attention, which reads the knobs of
the attention families (scale, mask).
"""

from __future__ import annotations

import torch

from reference_impl import torch_ops


def sliding_window_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, window: int
) -> torch.Tensor:
    """q, k, v [B, H, L, d]; each query sees itself and window - 1 keys before it."""
    length = q.size(-2)
    i = torch.arange(length)[:, None]  # query positions [L, 1]
    j = torch.arange(length)[None, :]  # key positions [1, L]
    mask = (j <= i) & (j > i - window)  # [L, L], True = may attend
    return torch_ops.attention(q, k, v, mask)  # [B, H, L, d]
