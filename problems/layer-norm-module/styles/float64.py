"""Statistics in float64 and the result cast back to the input's dtype: a habit from numerics
code that wants the variance exact; `normalized_shape` kept as a tuple as in the PyTorch docs
of nn.LayerNorm, with the reduction over its trailing dimensions."""

import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.normalized_shape = (d_model,)
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(self.normalized_shape))
        self.beta = nn.Parameter(torch.zeros(self.normalized_shape))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        dims = tuple(range(-len(self.normalized_shape), 0))
        x64 = x.double()
        mean = x64.mean(dim=dims, keepdim=True)
        var = (x64 - mean).square().mean(dim=dims, keepdim=True)
        y = (x64 - mean) / (var + self.eps).sqrt()
        return (y * self.gamma.double() + self.beta.double()).to(x.dtype)
