"""einsum over named axes, the heads taken with unflatten and q, k, v with unbind on an
unflattened [B, T, 3, h, hs] view of c_attn's output (the layout's [q | k | v] blocks
are the middle axis); an additive -inf upper triangle."""

import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        T = x.shape[1]
        qkv = self.c_attn(x).unflatten(-1, (3, self.num_heads, -1))  # [B, T, 3, h, hs]
        q, k, v = qkv.unbind(dim=2)  # each [B, T, h, hs]
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(q.shape[-1])
        future = torch.full((T, T), float("-inf")).triu(1)
        weights = torch.softmax(scores + future, dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", weights, v)  # [B, T, h, hs]
        return self.c_proj(out.flatten(-2))
