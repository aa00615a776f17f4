"""PyTorch references: attention, masks, multi-head attention, PE module, encoder layer."""

from __future__ import annotations

import math

import torch
from torch import nn


def attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None
) -> torch.Tensor:
    """softmax(q k^T / sqrt(d_k)) v with masked_fill(mask == 0, -1e9)."""
    d_k = q.size(-1)
    scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # [..., Lq, Lk]
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v  # [..., Lq, dv]


def causal_mask(size: int) -> torch.Tensor:
    """Lower-triangular boolean mask: True where key j <= query i."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def padding_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    """[B, 1, 1, max_len] boolean mask, True for real tokens."""
    positions = torch.arange(max_len)  # [max_len]
    return (positions[None, :] < lengths[:, None])[:, None, None, :]


class MultiHeadAttention(nn.Module):
    """Multi-head attention with d_model -> d_model projections wq, wk, wv, wo."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.d_k = d_model // num_heads
        self.num_heads = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x: torch.Tensor) -> torch.Tensor:
        b, length, _ = x.shape
        return x.view(b, length, self.num_heads, self.d_k).transpose(1, 2)  # [B, h, L, d_k]

    def forward(
        self,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        mask: torch.Tensor | None = None,
    ) -> torch.Tensor:
        b, lq, d_model = q.shape
        out = attention(
            self._split(self.wq(q)), self._split(self.wk(k)), self._split(self.wv(v)), mask
        )  # [B, h, Lq, d_k]
        out = out.transpose(1, 2).contiguous().view(b, lq, d_model)  # [B, Lq, d_model]
        return self.wo(out)


class PositionalEncoding(nn.Module):
    """Adds the sinusoidal table (a buffer `pe` [1, max_seq_len, d_model]) to batch-first x."""

    def __init__(self, d_model: int, max_seq_len: int = 5000) -> None:
        super().__init__()
        position = torch.arange(max_seq_len, dtype=torch.float64).unsqueeze(1)  # [L, 1]
        div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        pe = torch.zeros(max_seq_len, d_model, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(position / div)
        pe[:, 1::2] = torch.cos(position / div)
        self.register_buffer("pe", pe.float().unsqueeze(0))  # [1, L, d_model]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.pe[:, : x.size(1)]


class TransformerEncoderLayer(nn.Module):
    """Post-LN encoder layer: self-attention and FFN, each with residual then LayerNorm."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))  # [B, L, d_model]
        return self.norm2(x + self.dropout(self.ffn(x)))
