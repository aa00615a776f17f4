import torch
import torch.nn as nn


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        # swish gate: 1 / (1 + e^-z)
        gate = 1.0 / (1.0 + torch.exp(-self.w1(x)))
        return self.w2(gate * self.w3(x))
