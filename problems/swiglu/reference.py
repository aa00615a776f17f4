"""Trusted reference for swiglu: the gated feed-forward network of LLaMA-style models.

No knobs: the known mistakes are exact variants in mistakes.py.
"""

from __future__ import annotations

import torch
from torch import nn


class SwiGLU(nn.Module):
    """w2(silu(w1(x)) * w3(x)): w1 is the gate, w3 the up projection, w2 the down one."""

    def __init__(self, d_model: int, d_ff: int) -> None:
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)  # gate
        self.w3 = nn.Linear(d_model, d_ff, bias=False)  # up
        self.w2 = nn.Linear(d_ff, d_model, bias=False)  # down

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gate = self.w1(x)  # [..., d_ff]
        silu = gate * torch.sigmoid(gate)  # [..., d_ff]
        return self.w2(silu * self.w3(x))  # [..., d_model]
