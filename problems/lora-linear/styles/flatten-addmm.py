"""Tokens flattened to a matrix and torch.addmm for the frozen layer, the way fused linear
kernels see it, then reshaped back; the update built with a small helper."""

import math

import torch
import torch.nn as nn


def low_rank_update(x2d, a, b, scale):
    """[N, in] -> [N, out] through rank r."""
    return torch.mm(torch.mm(x2d, a.t()), b.t()).mul(scale)


class LoRALinear(nn.Module):
    def __init__(self, in_features, out_features, r, alpha):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / r

    def forward(self, x):
        lead = x.shape[:-1]
        x2d = x.reshape(-1, self.in_features)
        out = torch.addmm(self.base.bias, x2d, self.base.weight.t())
        out = out + low_rank_update(x2d, self.lora_A, self.lora_B, self.scaling)
        return out.reshape(*lead, self.out_features)
