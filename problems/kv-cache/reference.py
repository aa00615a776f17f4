"""Trusted reference for kv-cache: multi-head self-attention that extends a key/value cache.

The new tokens x [B, T_new, d_model] sit at positions T_past ... T_past + T_new - 1. Their
keys and values are appended after the cached ones (a new tuple: the cache passed in is not
touched), and new token t attends to every position up to T_past + t: the causal mask is
offset by T_past, i.e. aligned to the bottom-right corner of the [T_new, T_total] scores.
"""

from __future__ import annotations

import math

import torch
from torch import nn


class KVCacheAttention(nn.Module):
    """wq, wk, wv, wo as in multi-head-attention; heads split [B, T, h, d_head], transposed."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, t: torch.Tensor) -> torch.Tensor:
        b, length, _ = t.shape
        return t.view(b, length, self.num_heads, self.d_head).transpose(1, 2)

    def forward(
        self, x: torch.Tensor, cache: tuple[torch.Tensor, torch.Tensor] | None = None
    ) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
        b, t_new, d_model = x.shape
        q = self._split(self.wq(x))  # [B, h, T_new, d_head]
        k = self._split(self.wk(x))  # [B, h, T_new, d_head]
        v = self._split(self.wv(x))  # [B, h, T_new, d_head]
        if cache is not None:
            k = torch.cat([cache[0], k], dim=2)  # [B, h, T_total, d_head], past first
            v = torch.cat([cache[1], v], dim=2)
        t_total = k.shape[2]
        t_past = t_total - t_new
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)  # [B, h, T_new, T_total]
        allowed = torch.ones(t_new, t_total, dtype=torch.bool, device=x.device).tril(t_past)
        scores = scores.masked_fill(~allowed, float("-inf"))  # key 0 is always allowed
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, T_new, d_head]
        out = out.transpose(1, 2).reshape(b, t_new, d_model)
        return self.wo(out), (k, v)


class GradedKVCacheAttention(KVCacheAttention):
    """The graded reference: the same numbers, returned flat as (output, k, v).

    The grader compares three values and flattens a submission's (output, (k, v)) itself;
    the trusted gradient pass (app.trusted.prepare.reference_gradients) takes the reference's values
    as returned, so the reference hands them over already flat.
    """

    def forward(self, x, cache=None):
        out, (k, v) = super().forward(x, cache)
        return out, k, v
