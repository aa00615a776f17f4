"""Trusted reference for sublayer-connection: a residual + LayerNorm wrapper around an FFN.

post-LN (pre_norm=False): norm(x + dropout(ffn(x))), as in the 2017 paper.
pre-LN (pre_norm=True): x + dropout(ffn(norm(x))), as in GPT-2 and most newer models.

Knobs (reference_impl.knobs) mark where the classic mistakes would be made; diagnosis turns
them, grading never does.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl.knobs import knob


class SublayerConnection(nn.Module):
    """One sublayer (the position-wise FFN) wrapped in a residual connection and LayerNorm."""

    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def _sublayer(self, x: torch.Tensor) -> torch.Tensor:
        if knob("activation") is None:
            return self.ffn(x)  # [B, L, d_model]
        return self.ffn[3](self.ffn[0](x))  # the ReLU skipped

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        residual = 0.0 if knob("residual") == "none" else x  # [B, L, d_model]
        if self.pre_norm or knob("norm_order") == "pre":
            return residual + self.dropout(self._sublayer(self.norm(x)))
        return self.norm(residual + self.dropout(self._sublayer(x)))


class GradedSublayerConnection(SublayerConnection):
    """The module the cases are graded with: the norm's gamma and beta drawn away from 1 and 0.

    The submission is loaded with these weights, so a norm applied twice, or skipped, shows.
    """

    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__(d_model, d_ff, pre_norm, dropout)
        with torch.no_grad():
            self.norm.weight.copy_(1.0 + 0.3 * torch.randn(d_model))
            self.norm.bias.copy_(0.3 * torch.randn(d_model))
