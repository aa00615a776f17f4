import math

import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    def __init__(self, d_model, eps=1e-6):
        super().__init__()
        self.d_model = d_model
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        # RMS = ||x||_2 / sqrt(d)
        rms = x.norm(2, dim=-1, keepdim=True) / math.sqrt(self.d_model)
        return x / (rms + self.eps) * self.weight
