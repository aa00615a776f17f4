"""Trusted reference for cross-attention: queries from the decoder side x, keys and values
from the encoder output context, a padding mask over the context positions.

The head split and merge are reference_impl.torch_ops' (split_heads, merge_heads: the heads
and heads_* knobs); the attention is written out here because the module also returns its
weights, with torch_ops' mask and softmax helpers so that the scale, mask and softmax-axis
knobs act exactly as in the other attention problems.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl import torch_ops
from reference_impl.knobs import knob


def _attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, keep: torch.Tensor | None
) -> tuple[torch.Tensor, torch.Tensor]:
    """softmax(q k^T / sqrt(d_k)) v and the weights; keep [B, 1, 1, L_kv], True = attend."""
    d_k = q.size(-1)
    scale = knob("scale")
    if scale is None:
        scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # [B, h, L_q, L_kv]
    else:
        dims = {"d_k": d_k, "L_k": k.size(-2), "d_v": v.size(-1)}
        scores = (q @ k.transpose(-2, -1)) * (scale(dims) if callable(scale) else scale)
    blocked = None if keep is None else torch_ops._blocked(keep == 0)
    if blocked is not None:
        scores = torch_ops._apply_mask(scores, blocked.expand(scores.shape))
    weights = torch_ops._softmax(scores)  # [B, h, L_q, L_kv]
    apply = knob("mask_apply")
    if blocked is not None and apply in ("multiply", "renormalize"):
        weights = weights * ~blocked
        if apply == "renormalize":
            weights = weights / weights.sum(-1, keepdim=True).clamp_min(1e-30)
    return weights @ v, weights  # [B, h, L_q, d_k], [B, h, L_q, L_kv]


class CrossAttention(nn.Module):
    """Multi-head cross-attention with q_proj, k_proj, v_proj, out_proj (d_model -> d_model)."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.num_heads = num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(
        self, x: torch.Tensor, context: torch.Tensor, context_mask: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        b, l_q, d_model = x.shape
        q = torch_ops.split_heads(self.q_proj(x), self.num_heads)  # [B, h, L_q, d_k]
        k = torch_ops.split_heads(self.k_proj(context), self.num_heads)  # [B, h, L_kv, d_k]
        v = torch_ops.split_heads(self.v_proj(context), self.num_heads)  # [B, h, L_kv, d_k]
        keep = None if context_mask is None else context_mask[:, None, None, :]
        out, weights = _attention(q, k, v, keep)
        out = torch_ops.merge_heads(out, b, l_q, d_model)  # [B, L_q, d_model]
        if knob("output_projection") is not False:
            out = self.out_proj(out)
        return out, weights
