"""Merged at call time: W' = W + (alpha / r) B A and one F.linear, the computation that
`merge_and_unload` bakes in for inference. Gradients still reach A and B through W'."""

import math

import torch
from torch import nn
from torch.nn import functional as F


class LoRALinear(nn.Module):
    def __init__(self, in_features, out_features, r, alpha):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        for param in self.base.parameters():
            param.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.randn(r, in_features) / math.sqrt(in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        self.scale = alpha / r

    def merged_weight(self):
        return self.base.weight + self.scale * (self.lora_B @ self.lora_A)  # [out, in]

    def forward(self, x):
        return F.linear(x, self.merged_weight(), self.base.bias)
