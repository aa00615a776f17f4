"""Interview whiteboard style: each head computed in a Python loop on its slice of the
projections, a hand-written numerically stable softmax in float64, torch.cat of the heads,
and the result cast back to float32 before the output projection."""

import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    @staticmethod
    def softmax(s):
        s = s - s.max(dim=-1, keepdim=True).values
        e = torch.exp(s)
        return e / e.sum(dim=-1, keepdim=True)

    def forward(self, q, k, v, mask=None):
        Q, K, V = self.wq(q).double(), self.wk(k).double(), self.wv(v).double()
        heads = []
        for i in range(self.num_heads):
            cols = slice(i * self.d_k, (i + 1) * self.d_k)
            s = Q[..., cols] @ K[..., cols].transpose(-2, -1) / math.sqrt(self.d_k)  # [B, Lq, Lk]
            if mask is not None:
                s = s.masked_fill(mask[:, 0] == 0, -1e9)  # [B or 1, Lq or 1, Lk]
            heads.append(self.softmax(s) @ V[..., cols])
        return self.wo(torch.cat(heads, dim=-1).float())


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        a = self.self_attn(x, x, x, tgt_mask)
        x = self.norm1(x + self.dropout(a))
        c = self.cross_attn(x, memory, memory, memory_mask)
        x = self.norm2(x + self.dropout(c))
        f = self.ffn(x)
        return self.norm3(x + self.dropout(f))
