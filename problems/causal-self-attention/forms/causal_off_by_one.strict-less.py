# Wrong: j < i instead of j <= i.
import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.heads = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, d = x.shape
        dh = d // self.heads
        q, k, v = torch.split(self.c_attn(x), d, dim=-1)

        def heads(z):
            return z.reshape(b, t, self.heads, dh).permute(0, 2, 1, 3)

        q, k, v = heads(q), heads(k), heads(v)
        pos = torch.arange(t)
        allowed = pos[None, :] < pos[:, None]
        scores = q @ k.transpose(-2, -1) / math.sqrt(dh)
        scores = torch.where(allowed, scores, torch.full_like(scores, -1e9))
        out = torch.softmax(scores, dim=-1) @ v
        return self.c_proj(out.permute(0, 2, 1, 3).reshape(b, t, d))
