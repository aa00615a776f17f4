import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        # Only a gain, starting at 1: RMSNorm has no shift.
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # Root mean square of each token's features; no mean is subtracted.
        mean_square = x.pow(2).mean(dim=-1, keepdim=True)  # [..., 1]
        x_hat = x * torch.rsqrt(mean_square + self.eps)  # eps inside the root
        return x_hat * self.weight  # [..., d_model]
