"""A fused gate/up projection, as in models that store one gate_up_proj matrix (Phi-3) and in
fused SwiGLU kernels: one matmul against the stacked weights of w1 and w3, then chunk into the
two halves. The parameters stay separate, as the contract asks."""

import torch
import torch.nn.functional as F
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        fused = torch.cat([self.w1.weight, self.w3.weight], dim=0)  # [2 * d_ff, d_model]
        gate, up = F.linear(x, fused).chunk(2, dim=-1)  # [..., d_ff] each
        return self.w2(F.silu(gate) * up)
