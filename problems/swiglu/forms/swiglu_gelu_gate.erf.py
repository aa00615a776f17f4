import math

import torch
import torch.nn as nn


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        g = self.w1(x)
        g = 0.5 * g * (1.0 + torch.erf(g / math.sqrt(2.0)))
        return self.w2(g * self.w3(x))
