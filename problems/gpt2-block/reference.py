"""Trusted reference for gpt2-block: the pre-LN block of GPT-2 / nanoGPT.

x = x + attn(ln_1(x)); x = x + mlp(ln_2(x)), with causal multi-head self-attention
(one fused c_attn projection split into q, k, v in that order) and a GELU MLP using the
tanh approximation, as GPT-2 was trained.
"""

from __future__ import annotations

import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)  # q, k, v for all heads at once
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        hd = c // self.n_head
        q, k, v = self.c_attn(x).split(c, dim=2)  # [B, T, C] each
        q = q.view(b, t, self.n_head, hd).transpose(1, 2)  # [B, h, T, hd]
        k = k.view(b, t, self.n_head, hd).transpose(1, 2)
        v = v.view(b, t, self.n_head, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(hd)  # [B, h, T, T]
        causal = torch.tril(torch.ones(t, t, dtype=torch.bool, device=x.device))
        att = att.masked_fill(~causal, float("-inf")).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)  # [B, T, C]
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, d_model: int) -> None:
        super().__init__()
        self.c_fc = nn.Linear(d_model, 4 * d_model)
        self.gelu = nn.GELU(approximate="tanh")
        self.c_proj = nn.Linear(4 * d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.c_proj(self.gelu(self.c_fc(x)))  # [B, T, C] via [B, T, 4C]


class GPT2Block(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, num_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))  # [B, T, C]
        return x + self.mlp(self.ln_2(x))


class GradedGPT2Block(GPT2Block):
    """The module the cases are graded with: norms drawn away from ones and zeros (so ln_1
    and ln_2 cannot be swapped unseen), and the projections scaled up so that attention is
    peaked and the GELU sees inputs of a few units, where exact and tanh GELU differ most."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__(d_model, num_heads)
        with torch.no_grad():
            for norm in (self.ln_1, self.ln_2):
                norm.weight.copy_(1.0 + 0.3 * torch.randn(d_model))
                norm.bias.copy_(0.3 * torch.randn(d_model))
            self.attn.c_attn.weight.mul_(2.0)
            self.mlp.c_fc.weight.mul_(3.0)
            self.mlp.c_proj.weight.mul_(3.0)
