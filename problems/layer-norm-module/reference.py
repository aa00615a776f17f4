"""Trusted reference for layer-norm-module: LayerNorm with learnable gamma and beta.

Knobs (reference_impl.knobs) mark where the classic mistakes would be made; diagnosis turns
them, grading never does.
"""

from __future__ import annotations

import torch
from torch import nn

from reference_impl.knobs import knob


class LayerNorm(nn.Module):
    """Normalise over the last dimension: biased variance, eps inside the square root."""

    def __init__(self, d_model: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))  # [d_model]
        self.beta = nn.Parameter(torch.zeros(d_model))  # [d_model]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        axis = knob("norm_axis", -1)
        dims = tuple(range(x.dim())) if axis == "all" else (axis,)
        mean = x.mean(dim=dims, keepdim=True)  # [..., 1]
        var = ((x - mean) ** 2).mean(dim=dims, keepdim=True)  # [..., 1], biased
        if knob("variance") == "unbiased":
            n = x.numel() // mean.numel()
            var = var * n / (n - 1)
        if knob("eps") == "outside":
            return self.gamma * (x - mean) / (var.sqrt() + self.eps) + self.beta
        return self.gamma * (x - mean) / torch.sqrt(var + self.eps) + self.beta  # [..., d_model]


class GradedLayerNorm(LayerNorm):
    """The module the cases are graded with: gamma and beta drawn away from ones and zeros.

    The grader loads these weights into the submission, so a swapped gamma/beta or a
    forgotten affine step shows (with ones and zeros it would not).
    """

    def __init__(self, d_model: int, eps: float = 1e-5) -> None:
        super().__init__(d_model, eps)
        with torch.no_grad():
            self.gamma.copy_(1.0 + 0.5 * torch.randn(d_model))
            self.beta.copy_(0.5 * torch.randn(d_model))
