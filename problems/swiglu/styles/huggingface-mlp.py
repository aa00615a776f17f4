"""Hugging Face transformers' LlamaMLP (models/llama/modeling_llama.py):
down_proj(act_fn(gate_proj(x)) * up_proj(x)) with the activation held as a module. Adapted:
gate_proj, up_proj and down_proj are renamed w1, w3 and w2 as the contract asks, and the
activation is nn.SiLU() instead of ACT2FN[config.hidden_act]."""

import torch
from torch import nn


class LlamaMLP(nn.Module):
    def __init__(self, hidden_size: int, intermediate_size: int) -> None:
        super().__init__()
        self.hidden_size = hidden_size
        self.intermediate_size = intermediate_size
        self.w1 = nn.Linear(self.hidden_size, self.intermediate_size, bias=False)  # gate_proj
        self.w3 = nn.Linear(self.hidden_size, self.intermediate_size, bias=False)  # up_proj
        self.w2 = nn.Linear(self.intermediate_size, self.hidden_size, bias=False)  # down_proj
        self.act_fn = nn.SiLU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        down_proj = self.w2(self.act_fn(self.w1(x)) * self.w3(x))
        return down_proj


SwiGLU = LlamaMLP
