"""einsum for both factors, other constructor parameter names (d_in, d_out, rank,
lora_alpha), and the scale applied to the rank-r activations before B."""

import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, d_in, d_out, rank, lora_alpha):
        super().__init__()
        self.base = nn.Linear(d_in, d_out)
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(rank, d_in))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.lora_B = nn.Parameter(torch.zeros(d_out, rank))
        self.scaling = lora_alpha / rank

    def forward(self, x):
        z = torch.einsum("...i,ri->...r", x, self.lora_A) * self.scaling  # [..., rank]
        return self.base(x) + torch.einsum("...r,or->...o", z, self.lora_B)
