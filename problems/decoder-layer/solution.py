import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b = q.size(0)

        def split(t: torch.Tensor) -> torch.Tensor:  # [B, L, d_model] -> [B, h, L, d_k]
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        # Lq and Lk may differ (cross-attention): scores are [B, h, Lq, Lk].
        q, k, v = split(self.wq(q)), split(self.wk(k)), split(self.wv(v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = scores.softmax(dim=-1) @ v  # [B, h, Lq, d_k]
        return self.wo(out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k))


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
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        # x: [B, Lt, d_model], memory: [B, Ls, d_model]; every step keeps [B, Lt, d_model].
        # 1. Masked self-attention: each target position sees itself and earlier positions.
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        # 2. Cross-attention: queries from the decoder, keys and values from the encoder.
        x = self.norm2(x + self.dropout(self.cross_attn(x, memory, memory, memory_mask)))
        # 3. Position-wise feed-forward network.
        return self.norm3(x + self.dropout(self.ffn(x)))
