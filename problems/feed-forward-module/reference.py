"""Trusted reference: the position-wise feed-forward network as an nn.Module.

The activation is a knob (reference_impl.knobs) so that diagnosis can rerun it without the
ReLU or with GELU; grading never turns it.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl.knobs import knob


class FeedForward(nn.Module):
    """linear2(dropout(relu(linear1(x)))), applied to each position independently."""

    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)

    def _activation(self, hidden: torch.Tensor) -> torch.Tensor:
        kind = knob("activation")
        if kind is None:
            return torch.relu(hidden)
        if kind == "gelu":
            return nn.functional.gelu(hidden)
        if kind == "gelu_tanh":
            return nn.functional.gelu(hidden, approximate="tanh")
        if kind == "gelu_sigmoid":
            return hidden * torch.sigmoid(1.702 * hidden)
        return hidden  # "none": the ReLU forgotten

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = self._activation(self.linear1(x))  # [..., d_ff]
        return self.linear2(self.dropout(hidden))  # [..., d_model]
