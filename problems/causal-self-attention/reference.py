"""Trusted reference for GPT-2 / nanoGPT causal self-attention.

One fused projection c_attn (d_model -> 3 d_model) gives q, k, v side by side along the last
dim; heads split as view(B, T, h, d_head).transpose(1, 2); causal mask; c_proj on the merged
heads. The head split and merge read the heads_* knobs (copied from
reference_impl.torch_ops.MultiHeadAttention), and in the trusted process the mask and the
attention are torch_ops' causal_mask and attention, which read the causal_offset, scale and
softmax knobs. When validate grades this file as a submission, torch_ops is stubbed to None,
knob() returns its default, and the plain code below stands in.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl import torch_ops
from reference_impl.knobs import knob


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention with a fused qkv projection, in eval mode."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.n_head = num_heads
        self.d_model = d_model
        self.c_attn = nn.Linear(d_model, 3 * d_model)  # q, k, v in that order
        self.c_proj = nn.Linear(d_model, d_model)

    def _split(self, x: torch.Tensor) -> torch.Tensor:
        b, length, d_model = x.shape
        h = knob("heads", self.n_head)
        how = knob("heads_split")
        if how == "head_first":
            return x.reshape(b, h, length, d_model // h)  # positions mixed into heads
        if how == "no_transpose":  # attention then runs across heads, per position
            return x.view(b, length, h, d_model // h)
        if how == "interleaved":  # column j goes to head j % h
            return x.view(b, length, d_model // h, h).permute(0, 3, 1, 2)
        return x.view(b, length, h, d_model // h).transpose(1, 2)  # [B, h, T, d_head]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape  # [B, T, d_model]
        q, k, v = self.c_attn(x).split(self.d_model, dim=2)  # each [B, T, d_model]
        q, k, v = self._split(q), self._split(k), self._split(v)  # [B, h, T, d_head]
        if torch_ops is not None:  # the trusted process: the knob-reading building blocks
            y = torch_ops.attention(q, k, v, torch_ops.causal_mask(t))
        else:
            mask = torch.tril(torch.ones(t, t, dtype=torch.bool))  # [T, T]
            att = q @ k.transpose(-2, -1) / math.sqrt(k.size(-1))  # [B, h, T, T]
            y = torch.softmax(att.masked_fill(~mask, -1e9), dim=-1) @ v  # [B, h, T, d_head]
        merge = knob("heads_merge")
        if knob("heads_split") == "no_transpose" or merge == "head_first":
            y = y.reshape(b, t, c)
        elif merge == "interleaved":
            y = y.permute(0, 2, 3, 1).reshape(b, t, c)
        else:
            y = y.transpose(1, 2).contiguous().view(b, t, c)  # [B, T, d_model]
        return self.c_proj(y)
