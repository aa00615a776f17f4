import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, in_features: int, out_features: int, r: int, alpha: float):
        super().__init__()
        # The pretrained layer: used as is, never updated.
        self.base = nn.Linear(in_features, out_features)
        for p in self.base.parameters():
            p.requires_grad = False
        # Delta W = B @ A has rank r: A maps in -> r, B maps r -> out.
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        # A random, B zero: the adapted layer starts out exactly equal to the base layer.
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / r

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x: [..., in]. Two thin matmuls instead of forming the [out, in] matrix B @ A.
        update = (x @ self.lora_A.T) @ self.lora_B.T  # [..., r] -> [..., out]
        return self.base(x) + update * self.scaling
