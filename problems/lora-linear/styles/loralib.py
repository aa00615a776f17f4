"""Microsoft's loralib Linear: F.linear with the frozen weight, then
result += (dropout(x) @ lora_A.transpose(0, 1) @ lora_B.transpose(0, 1)) * scaling.
loralib subclasses nn.Linear; here the pretrained layer is the contract's `base`."""

import math

import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Module):
    def __init__(self, in_features: int, out_features: int, r: int, alpha: int):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.weight.requires_grad = False
        self.base.bias.requires_grad = False
        self.lora_A = nn.Parameter(self.base.weight.new_zeros((r, in_features)))
        self.lora_B = nn.Parameter(self.base.weight.new_zeros((out_features, r)))
        self.scaling = alpha / r
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.lora_dropout = lambda x: x

    def forward(self, x):
        result = F.linear(x, self.base.weight, bias=self.base.bias)
        result += (
            self.lora_dropout(x) @ self.lora_A.transpose(0, 1) @ self.lora_B.transpose(0, 1)
        ) * self.scaling
        return result
