"""Trusted reference: multi-head latent attention (DeepSeek-V2's MLA without the decoupled RoPE).

Keys and values are not projected from x directly: x is first compressed to a small latent
c = x W_dkv ([B, L, d_latent]), and keys and values are up-projected from c. Everything after
that is standard multi-head attention.
"""

import math

import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    """w_q, w_dkv, w_uk, w_uv, w_o, all without bias; heads split [B, L, h, d_head]."""

    def __init__(self, d_model: int, num_heads: int, d_latent: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        b, length, d_model = x.shape

        def split(t: torch.Tensor) -> torch.Tensor:
            return t.view(b, length, self.num_heads, self.d_head).transpose(1, 2)

        c = self.w_dkv(x)  # [B, L, d_latent], the only thing a KV cache would keep
        q = split(self.w_q(x))  # [B, h, L, d_head]
        k = split(self.w_uk(c))  # [B, h, L, d_head]
        v = split(self.w_uv(c))  # [B, h, L, d_head]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)  # [B, h, L, L]
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)  # True = attend
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, L, d_head]
        return self.w_o(out.transpose(1, 2).reshape(b, length, d_model))
