import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d_model, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def _norm(self, x):
        denom = x.pow(2).mean(-1, keepdim=True).sqrt().add(self.eps)
        return x / denom

    def forward(self, x):
        return self._norm(x) * self.weight
