# Wrong: view(B, T, hs, h) hands every h-th column to a head.
import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.c_attn(x).chunk(3, dim=-1)

        def split(z):
            return z.view(b, t, c // self.h, self.h).permute(0, 3, 1, 2)

        q, k, v = split(q), split(k), split(v)
        s = q @ k.transpose(-2, -1) / math.sqrt(c // self.h)
        s = s.masked_fill(~torch.tril(torch.ones(t, t, dtype=torch.bool)), -1e9)
        y = s.softmax(-1) @ v  # [b, h, t, hs]
        return self.c_proj(y.permute(0, 2, 3, 1).reshape(b, t, c))
