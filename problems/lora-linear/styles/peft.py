"""Hugging Face PEFT's lora.Linear forward: result = base_layer(x), then
result + lora_B(lora_A(dropout(x))) * scaling, with scaling = lora_alpha / r. PEFT keeps A
and B as nn.Linear submodules; here they are the contract's raw parameters, applied with
F.linear, and the dropout is an nn.Dropout (off in eval mode)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Module):
    def __init__(self, in_features, out_features, r, alpha, lora_dropout=0.0):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)
        self.r = r
        self.lora_alpha = alpha
        self.scaling = self.lora_alpha / self.r
        self.lora_dropout = nn.Dropout(p=lora_dropout)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.empty(out_features, r))
        self.reset_lora_parameters()

    def reset_lora_parameters(self):
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        nn.init.zeros_(self.lora_B)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        result = self.base(x)
        torch_result_dtype = result.dtype
        x = x.to(self.lora_A.dtype)
        result = result + F.linear(F.linear(self.lora_dropout(x), self.lora_A), self.lora_B) * (
            self.scaling
        )
        return result.to(torch_result_dtype)
