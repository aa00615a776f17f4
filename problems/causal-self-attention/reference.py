"""Trusted reference for GPT-2 / nanoGPT causal self-attention.

One fused projection c_attn (d_model -> 3 d_model) gives q, k, v side by side along the last
dim; heads split as view(B, T, h, d_head).transpose(1, 2); causal mask; c_proj on the merged
heads. The head split and merge, the mask and the attention are reference_impl.torch_ops'
(split_heads, merge_heads, causal_mask, attention), which read the heads_*, causal_offset,
scale and softmax knobs.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl import torch_ops


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention with a fused qkv projection, in eval mode."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.n_head = num_heads
        self.d_model = d_model
        self.c_attn = nn.Linear(d_model, 3 * d_model)  # q, k, v in that order
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape  # [B, T, d_model]
        q, k, v = self.c_attn(x).split(self.d_model, dim=2)  # each [B, T, d_model]
        q, k, v = (torch_ops.split_heads(part, self.n_head) for part in (q, k, v))
        y = torch_ops.attention(q, k, v, torch_ops.causal_mask(t))  # [B, h, T, d_head]
        return self.c_proj(torch_ops.merge_heads(y, b, t, c))  # [B, T, d_model]
