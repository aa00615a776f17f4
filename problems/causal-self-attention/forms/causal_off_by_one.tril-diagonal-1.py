# Wrong: tril(diagonal=1) lets each position see the next one too.
import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.n_embd = d_model
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        q = q.view(B, T, self.n_head, -1).transpose(1, 2)
        k = k.view(B, T, self.n_head, -1).transpose(1, 2)
        v = v.view(B, T, self.n_head, -1).transpose(1, 2)
        att = q @ k.transpose(-2, -1) * (1.0 / math.sqrt(k.size(-1)))
        mask = torch.tril(torch.ones(T, T), diagonal=1)
        att = att.masked_fill(mask == 0, float("-1e9"))
        y = att.softmax(dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).reshape(B, T, C))
