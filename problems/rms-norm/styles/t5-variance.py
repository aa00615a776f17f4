"""Hugging Face's T5LayerNorm (models/t5/modeling_t5.py), which the T5 paper describes as a
layer norm that only scales and does not shift: variance = mean(x^2) with no mean subtracted,
x * rsqrt(variance + eps), then weight * x. Adapted: eps 1e-6 by default (T5's own), the
half-precision branch dropped, and the steps written with torch.mean and division by sqrt."""

import torch
from torch import nn


class T5LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        """Construct a layernorm module in the T5 style. No bias and no subtraction of mean."""
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        variance = torch.mean(torch.square(hidden_states), dim=-1, keepdim=True)
        hidden_states = hidden_states / torch.sqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states


RMSNorm = T5LayerNorm
