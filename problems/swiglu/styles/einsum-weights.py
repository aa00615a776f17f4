"""Projections written as einsum against the nn.Linear weight matrices ([out, in]), the SiLU
as z * sigmoid(z): the style of code that avoids calling the layers."""

import torch
import torch.nn as nn


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        gate = torch.einsum("...d,fd->...f", x, self.w1.weight)  # [..., d_ff]
        up = torch.einsum("...d,fd->...f", x, self.w3.weight)  # [..., d_ff]
        hidden = gate * torch.sigmoid(gate) * up
        return torch.einsum("...f,df->...d", hidden, self.w2.weight)  # [..., d_model]
