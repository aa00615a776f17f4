"""Trusted reference: an encoder-only Transformer that classifies token sequences.

Embedding x sqrt(d_model) + sinusoidal positions, a stack of post-LN encoder layers with a
key padding mask, mean pooling over the real tokens, a linear head.
"""

from __future__ import annotations

import math

import torch
from torch import nn


def sinusoidal_table(max_len: int, d_model: int) -> torch.Tensor:
    """PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...): [max_len, d_model]."""
    position = torch.arange(max_len, dtype=torch.float64)[:, None]  # [max_len, 1]
    div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    table = torch.zeros(max_len, d_model, dtype=torch.float64)
    table[:, 0::2] = torch.sin(position / div)
    table[:, 1::2] = torch.cos(position / div)
    return table.float()


class MultiHeadAttention(nn.Module):
    """Multi-head attention with d_model -> d_model projections wq, wk, wv, wo."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.h, self.d_k = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b, lq, d_model = q.shape
        q = self.wq(q).view(b, lq, self.h, self.d_k).transpose(1, 2)  # [B, h, Lq, d_k]
        k = self.wk(k).view(b, -1, self.h, self.d_k).transpose(1, 2)  # [B, h, Lk, d_k]
        v = self.wv(v).view(b, -1, self.h, self.d_k).transpose(1, 2)  # [B, h, Lk, d_k]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)  # [B, h, Lq, Lk]
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, Lq, d_k]
        return self.wo(out.transpose(1, 2).contiguous().view(b, lq, d_model))


class EncoderLayer(nn.Module):
    """Post-LN: x = norm1(x + attn(x)); x = norm2(x + ffn(x))."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))


class TransformerClassifier(nn.Module):
    """tokens [B, L] (int64, pad_id = padding) -> logits [B, num_classes]."""

    def __init__(
        self,
        vocab_size: int,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        num_classes: int,
        pad_id: int = 0,
        max_len: int = 512,
        dropout: float = 0.1,
    ) -> None:
        super().__init__()
        self.d_model, self.pad_id = d_model, pad_id
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=pad_id)
        self.register_buffer("pe", sinusoidal_table(max_len, d_model), persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.layers = nn.ModuleList(
            EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        keep = tokens != self.pad_id  # [B, L], True = real token
        mask = keep[:, None, None, :]  # [B, 1, 1, L]
        x = self.embed(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]
        x = self.dropout(x)  # [B, L, d_model]
        for layer in self.layers:
            x = layer(x, mask)
        weights = keep.unsqueeze(-1).to(x.dtype)  # [B, L, 1]
        pooled = (x * weights).sum(1) / weights.sum(1).clamp_min(1.0)  # [B, d_model]
        return self.head(pooled)  # [B, num_classes]
