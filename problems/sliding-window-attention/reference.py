"""Trusted reference for causal sliding-window attention (Mistral-style local attention).

Query i attends to keys j with i - window < j <= i: itself and the window - 1 positions
before it. In the trusted process the attention is reference_impl.torch_ops.attention,
which reads the knobs of the attention families (scale, mask); when validate grades this
file as a submission, torch_ops is stubbed to None and the plain attention below stands in.
"""

from __future__ import annotations

import math

import torch

from reference_impl import torch_ops


def _attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor):
    if torch_ops is not None:  # the trusted process: the knob-reading building block
        return torch_ops.attention(q, k, v, mask)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))  # [B, H, L, L]
    scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v  # [B, H, L, d]


def sliding_window_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, window: int
) -> torch.Tensor:
    """q, k, v [B, H, L, d]; each query sees itself and window - 1 keys before it."""
    length = q.size(-2)
    i = torch.arange(length)[:, None]  # query positions [L, 1]
    j = torch.arange(length)[None, :]  # key positions [1, L]
    mask = (j <= i) & (j > i - window)  # [L, L], True = may attend
    return _attention(q, k, v, mask)
