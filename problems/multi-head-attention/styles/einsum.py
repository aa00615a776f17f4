"""Heads kept as [B, L, h, d_k] (no transpose); both products as torch.einsum over 'bqhd,bkhd'."""

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        self.h = num_heads
        self.d_head = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        B, Lq, D = q.shape
        Lk = k.shape[1]
        Q = self.wq(q).view(B, Lq, self.h, self.d_head)
        K = self.wk(k).view(B, Lk, self.h, self.d_head)
        V = self.wv(v).view(B, Lk, self.h, self.d_head)
        energy = torch.einsum("bqhd,bkhd->bhqk", Q, K) / self.d_head**0.5
        if mask is not None:
            energy = energy.masked_fill(mask == 0, float("-1e9"))
        attn = torch.softmax(energy, dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", attn, V).reshape(B, Lq, D)
        return self.wo(out)
