"""The low-rank path computed in float64 and cast back, with the frozen layer written as
x @ W^T + b by hand; B @ A is never formed."""

import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, in_features, out_features, r, alpha):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.weight.requires_grad_(False)
        self.base.bias.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.alpha, self.r = alpha, r

    def forward(self, x):
        frozen = x @ self.base.weight.T + self.base.bias
        low = x.double() @ self.lora_A.double().T @ self.lora_B.double().T
        return frozen + (low * (self.alpha / self.r)).to(x.dtype)
