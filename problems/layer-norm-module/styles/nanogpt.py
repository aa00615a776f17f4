"""nanoGPT's LayerNorm ("LayerNorm but with an optional bias", karpathy), adapted: weight/bias
renamed gamma/beta (the bias is always on here), and F.layer_norm, which is not allowed,
replaced by the computation it performs (torch.var_mean with correction=0, rsqrt)."""

import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    """LayerNorm but with an optional bias. PyTorch doesn't support simply bias=False"""

    def __init__(self, ndim, eps=1e-5, bias=True):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(ndim))
        self.beta = nn.Parameter(torch.zeros(ndim)) if bias else None
        self.eps = eps

    def forward(self, input):
        var, mean = torch.var_mean(input, dim=-1, keepdim=True, correction=0)
        out = (input - mean) * torch.rsqrt(var + self.eps) * self.gamma
        return out if self.beta is None else out + self.beta
