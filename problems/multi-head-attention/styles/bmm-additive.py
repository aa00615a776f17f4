"""Heads folded into the batch ([B*h, L, d_k]) for torch.bmm; the bool mask expanded to
[B, h, Lq, Lk], flattened the same way and turned into an additive -1e9 float mask."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        assert d_model % num_heads == 0, "d_model must be divisible by num_heads"
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _to_batched_heads(self, x):
        b, n, _ = x.shape
        x = x.view(b, n, self.num_heads, self.head_dim).transpose(1, 2)  # [B, h, L, d]
        return x.reshape(b * self.num_heads, n, self.head_dim)  # [B*h, L, d]

    def forward(self, query, key, value, mask=None):
        b, lq, d_model = query.shape
        lk = key.shape[1]
        q = self._to_batched_heads(self.wq(query))
        k = self._to_batched_heads(self.wk(key))
        v = self._to_batched_heads(self.wv(value))
        scores = torch.bmm(q, k.transpose(1, 2)) / math.sqrt(self.head_dim)  # [B*h, Lq, Lk]
        if mask is not None:
            allowed = mask.expand(b, self.num_heads, lq, lk).reshape(b * self.num_heads, lq, lk)
            additive = torch.zeros_like(scores).masked_fill(~allowed, -1e9)
            scores = scores + additive
        attn = F.softmax(scores, dim=-1)
        out = torch.bmm(attn, v)  # [B*h, Lq, d]
        out = out.view(b, self.num_heads, lq, self.head_dim).permute(0, 2, 1, 3)
        return self.wo(out.reshape(b, lq, d_model))
