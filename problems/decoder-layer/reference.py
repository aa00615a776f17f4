"""Trusted reference for decoder-layer: the post-LN Transformer decoder layer.

    x = norm1(x + self_attn(x, x, x, tgt_mask))
    x = norm2(x + cross_attn(x, memory, memory, memory_mask))
    y = norm3(x + ffn(x))

In the trusted process both attention sublayers are reference_impl.torch_ops'
MultiHeadAttention, which reads the knobs of the attention families (scale, mask, heads,
softmax axis), and this layer reads the wiring knobs (residual, norm order, activation):
diagnosis turns them, grading never does.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl import torch_ops
from reference_impl.knobs import knob


class TransformerDecoderLayer(nn.Module):
    """Masked self-attention, cross-attention over `memory`, FFN; each residual then LayerNorm."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = torch_ops.MultiHeadAttention(d_model, num_heads)
        self.cross_attn = torch_ops.MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(
        self,
        x: torch.Tensor,
        memory: torch.Tensor,
        tgt_mask: torch.Tensor | None = None,
        memory_mask: torch.Tensor | None = None,
    ) -> torch.Tensor:
        residual = knob("residual")  # "none", "attn" (self-attention only) or "ffn"
        x = self._sublayer(  # [B, Lt, d_model]
            x, self.norm1, lambda h: self.self_attn(h, h, h, tgt_mask), residual in (None, "ffn")
        )
        x = self._sublayer(  # [B, Lt, d_model]; keys and values come from the encoder
            x,
            self.norm2,
            lambda h: self.cross_attn(h, memory, memory, memory_mask),
            residual != "none",
        )
        return self._sublayer(x, self.norm3, self._ffn, residual in (None, "attn"))

    def _sublayer(self, x, norm, sublayer, keep_residual: bool) -> torch.Tensor:
        skip = x if keep_residual else torch.zeros_like(x)
        if knob("norm_order") == "pre":
            return skip + self.dropout(sublayer(norm(x)))
        return norm(skip + self.dropout(sublayer(x)))  # post-LN: normalise the sum

    def _ffn(self, x: torch.Tensor) -> torch.Tensor:
        if knob("activation") is None:
            return self.ffn(x)  # [B, Lt, d_model] via [B, Lt, d_ff]
        return self.ffn[3](self.ffn[0](x))  # the ReLU skipped


class GradedDecoderLayer(TransformerDecoderLayer):
    """The module the cases are graded with: each norm's gamma and beta drawn away from 1 and 0.

    The submission is loaded with these weights, so using norm1 where norm2 belongs shows.
    """

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__(d_model, num_heads, d_ff, dropout)
        with torch.no_grad():
            for norm in (self.norm1, self.norm2, self.norm3):
                norm.weight.copy_(1.0 + 0.3 * torch.randn(d_model))
                norm.bias.copy_(0.3 * torch.randn(d_model))
