# Wrong: c_attn's output viewed as [B, T, h, 3 * hs] and chunked per head.
import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.size()
        hs = C // self.n_head
        qkv = self.c_attn(x).view(B, T, self.n_head, 3 * hs).transpose(1, 2)
        q, k, v = qkv.chunk(3, dim=-1)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        att = att.masked_fill(torch.tril(torch.ones(T, T)) == 0, float("-inf"))
        y = torch.softmax(att, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))
