"""An einsum formulation: heads kept as an axis of [B, L, h, d_k] (no transpose), scores by
'bqhd,bkhd->bhqk', the weighted sum by 'bhqk,bkhd->bqhd', torch.where for the mask, and the
three sublayers as a list of (norm, function) pairs applied in a loop."""

import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        self.h = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b, lq, d = q.shape
        qh = self.wq(q).unflatten(-1, (self.h, -1))  # [B, Lq, h, d_k]
        kh = self.wk(k).unflatten(-1, (self.h, -1))  # [B, Lk, h, d_k]
        vh = self.wv(v).unflatten(-1, (self.h, -1))
        scores = torch.einsum("bqhd,bkhd->bhqk", qh, kh) / math.sqrt(qh.shape[-1])
        if mask is not None:
            scores = torch.where(mask, scores, torch.tensor(-1e9, dtype=scores.dtype))
        weights = torch.softmax(scores, dim=-1)  # [B, h, Lq, Lk]
        out = torch.einsum("bhqk,bkhd->bqhd", weights, vh).reshape(b, lq, d)
        return self.wo(out)


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        sublayers = [
            (self.norm1, lambda h: self.self_attn(h, h, h, tgt_mask)),
            (self.norm2, lambda h: self.cross_attn(h, memory, memory, memory_mask)),
            (self.norm3, self.ffn),
        ]
        for norm, fn in sublayers:
            x = norm(x + self.drop(fn(x)))
        return x
