"""Trusted reference for rms-norm: RMSNorm with a learnable per-feature gain `weight`.

No knobs: the known mistakes are exact variants in mistakes.py.
"""

from __future__ import annotations

import torch
from torch import nn


class RMSNorm(nn.Module):
    """x / sqrt(mean(x^2) + eps) * weight over the last dimension; no centring, no bias."""

    def __init__(self, d_model: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))  # [d_model]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mean_square = x.pow(2).mean(dim=-1, keepdim=True)  # [..., 1]
        return x * torch.rsqrt(mean_square + self.eps) * self.weight  # [..., d_model]


class GradedRMSNorm(RMSNorm):
    """The module the cases are graded with: `weight` drawn away from ones.

    The grader loads this weight into the submission, so a forgotten gain or a gain applied
    the wrong way shows (with ones it would not).
    """

    def __init__(self, d_model: int, eps: float = 1e-6) -> None:
        super().__init__(d_model, eps)
        with torch.no_grad():
            self.weight.copy_(1.0 + 0.5 * torch.randn(d_model))
