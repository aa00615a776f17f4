import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    def __init__(self, d_model, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        sq = torch.einsum("...d,...d->...", x, x).unsqueeze(-1)  # forgot to divide by d
        return torch.einsum("...d,d->...d", x * torch.rsqrt(sq + self.eps), self.weight)
