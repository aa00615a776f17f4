# Wrong: reshape(B, T, h, 3, hs) assumes q, k, v interleaved inside each head.
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
        b, t, d = x.shape
        qkv = self.c_attn(x).reshape(b, t, self.h, 3, d // self.h)
        q, k, v = qkv.permute(3, 0, 2, 1, 4).unbind(0)  # each [b, h, t, hs]
        scores = q @ k.transpose(-2, -1) / math.sqrt(d // self.h)
        mask = torch.tril(torch.ones(t, t, dtype=torch.bool))
        scores = scores.masked_fill(~mask, -1e9)
        out = scores.softmax(-1) @ v
        return self.c_proj(out.transpose(1, 2).reshape(b, t, d))
