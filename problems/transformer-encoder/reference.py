"""Trusted reference: a stack of post-LN encoder layers, then an optional final LayerNorm.

Each layer is reference_impl.torch_ops.TransformerEncoderLayer, which reads the knobs, so
the families in problem.toml rerun the stack with a mistake made in every layer. With no
knob turned, it computes exactly the contract.

Every LayerNorm's weight and bias are drawn at random when the module is built (the grader
loads them into the submission). With gamma = 1 and beta = 0 the final norm would be a
no-op after a post-LN layer, and forgetting it could not be seen.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl.torch_ops import TransformerEncoderLayer


class TransformerEncoder(nn.Module):
    """num_layers independent layers, the same mask for each, then norm (if final_norm)."""

    def __init__(
        self,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        dropout: float = 0.1,
        final_norm: bool = True,
    ) -> None:
        super().__init__()
        self.layers = nn.ModuleList(
            TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.norm = nn.LayerNorm(d_model) if final_norm else None
        with torch.no_grad():  # visible norms: see the module docstring
            for module in self.modules():
                if isinstance(module, nn.LayerNorm):
                    module.weight.uniform_(0.5, 1.5)
                    module.bias.uniform_(-0.5, 0.5)

    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x, mask)  # [B, L, d_model]
        return x if self.norm is None else self.norm(x)
