"""einsum throughout, with the attention computed in float64 and cast back before c_proj;
q, k, v cut with unbind on a [B, T, 3, h, hd] view (the same [q | k | v] order), and a
boolean triu mask of the future filled with the dtype's lowest value."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.c_attn = nn.Linear(dim, 3 * dim)
        self.c_proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, dim = x.shape
        qkv = self.c_attn(x).double().view(b, t, 3, self.heads, dim // self.heads)
        q, k, v = qkv.unbind(dim=2)  # [b, t, h, hd] each
        scores = torch.einsum("bihd,bjhd->bhij", q, k) / math.sqrt(dim // self.heads)
        future = torch.ones(t, t, dtype=torch.bool).triu(1)
        scores = scores.masked_fill(future, torch.finfo(scores.dtype).min)
        out = torch.einsum("bhij,bjhd->bihd", scores.softmax(dim=-1), v)
        return self.c_proj(out.reshape(b, t, dim).to(x.dtype))


class FeedForward(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.c_fc = nn.Linear(dim, 4 * dim)
        self.c_proj = nn.Linear(4 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class GPT2Block(nn.Module):
    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads)
        self.ln_2 = nn.LayerNorm(dim)
        self.mlp = FeedForward(dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x + self.attn(self.ln_1(x))
        return h + self.mlp(self.ln_2(h))
