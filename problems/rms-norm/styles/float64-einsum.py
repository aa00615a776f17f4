"""Flatten to rows, compute the mean square with einsum in float64 and cast back: the style of
numerics code that wants the reduction exact, with type hints and a differently named gain
variable inside forward."""

import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.d_model = d_model
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rows = x.reshape(-1, self.d_model).double()  # [R, d]
        mean_sq = torch.einsum("rd,rd->r", rows, rows) / self.d_model  # [R]
        scale = (mean_sq + self.eps).rsqrt()[:, None]  # [R, 1]
        gain = self.weight.double()
        out = torch.einsum("rd,d->rd", rows * scale, gain)
        return out.reshape(x.shape).to(x.dtype)
