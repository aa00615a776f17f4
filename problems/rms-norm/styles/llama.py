"""Meta's LLaMA RMSNorm (facebookresearch/llama, model.py): a `_norm` helper computing
x * rsqrt(mean(x^2) + eps) in float32, cast back with type_as, then times the gain. Adapted:
`dim` renamed d_model, eps defaults to the contract's 1e-6."""

import torch
from torch import nn


class RMSNorm(torch.nn.Module):
    def __init__(self, d_model: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        output = self._norm(x.float()).type_as(x)
        return output * self.weight
