import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.n_head = num_heads
        self.d_model = d_model
        self.c_attn = nn.Linear(d_model, 3 * d_model)  # q, k, v for all heads in one matmul
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape  # [B, T, d_model]
        hs = C // self.n_head
        # The last dim of c_attn's output is [q | k | v], each d_model wide.
        q, k, v = self.c_attn(x).split(self.d_model, dim=2)  # 3 x [B, T, C]

        # Each head owns hs contiguous columns: view as [B, T, h, hs], then heads first.
        q = q.view(B, T, self.n_head, hs).transpose(1, 2)  # [B, h, T, hs]
        k = k.view(B, T, self.n_head, hs).transpose(1, 2)
        v = v.view(B, T, self.n_head, hs).transpose(1, 2)

        att = q @ k.transpose(-2, -1) / math.sqrt(hs)  # [B, h, T, T]
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        att = att.masked_fill(~causal, float("-inf"))  # the diagonal stays: no empty row
        y = torch.softmax(att, dim=-1) @ v  # [B, h, T, hs]

        y = y.transpose(1, 2).contiguous().view(B, T, C)  # heads back side by side
        return self.c_proj(y)
