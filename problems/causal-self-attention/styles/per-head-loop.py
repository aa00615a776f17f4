"""The whiteboard version: the fused projection once, then a Python loop over the heads,
each head slicing its hs columns out of q, k and v, causal softmax, and torch.cat of the
head outputs before c_proj."""

import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        self.d_model, self.num_heads = d_model, num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        seq_len = x.size(1)
        d_head = self.d_model // self.num_heads
        qkv = self.c_attn(x)
        q = qkv[..., : self.d_model]
        k = qkv[..., self.d_model : 2 * self.d_model]
        v = qkv[..., 2 * self.d_model :]
        keep = torch.ones(seq_len, seq_len).tril().bool()
        outputs = []
        for head in range(self.num_heads):
            cols = slice(head * d_head, (head + 1) * d_head)
            scores = q[..., cols] @ k[..., cols].transpose(1, 2) / math.sqrt(d_head)  # [B, T, T]
            scores = scores.masked_fill(~keep, -1e9)
            outputs.append(torch.softmax(scores, dim=-1) @ v[..., cols])  # [B, T, d_head]
        return self.c_proj(torch.cat(outputs, dim=-1))
