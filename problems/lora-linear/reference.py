"""Trusted reference for lora-linear: a frozen nn.Linear plus a trainable low-rank update,
scaled by alpha / r as in Hugging Face PEFT."""

from __future__ import annotations

import math

import torch
from torch import nn


class LoRALinear(nn.Module):
    """y = base(x) + (x A^T B^T) * alpha / r, with base frozen and B starting at zero."""

    def __init__(self, in_features: int, out_features: int, r: int, alpha: float) -> None:
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)  # the pretrained weight stays fixed
        self.lora_A = nn.Parameter(torch.empty(r, in_features))  # [r, in]
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))  # [out, r]
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / r

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        down = x @ self.lora_A.T  # [..., r]
        up = down @ self.lora_B.T  # [..., out]
        return self.base(x) + up * self.scaling  # [..., out]


class GradedLoRALinear(LoRALinear):
    """The module the cases are graded with: B drawn away from zero (as after some training),
    so the low-rank path, its scale and its orientation all show in the output."""

    def __init__(self, in_features: int, out_features: int, r: int, alpha: float) -> None:
        super().__init__(in_features, out_features, r, alpha)
        with torch.no_grad():
            self.lora_B.normal_(0.0, 0.4)
