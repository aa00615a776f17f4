import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        assert d_model % num_heads == 0, "d_model must split evenly into heads"
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        """q: [B, Lq, d_model], k/v: [B, Lk, d_model]; mask bool, False = blocked."""
        b = q.size(0)

        def split(t: torch.Tensor) -> torch.Tensor:
            # [B, L, d_model] -> [B, L, h, d_k] -> [B, h, L, d_k]: each head keeps its positions.
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        q, k, v = split(self.wq(q)), split(self.wk(k)), split(self.wv(v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)  # [B, h, Lq, Lk]
        if mask is not None:  # [B, 1, 1, Lk] or [B, 1, Lq, Lk], broadcast over heads
            scores = scores.masked_fill(mask == 0, -1e9)
        out = scores.softmax(dim=-1) @ v  # softmax over keys; [B, h, Lq, d_k]
        out = out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k)  # [B, Lq, d_model]
        return self.wo(out)


class TransformerEncoderLayer(nn.Module):
    """Post-LN encoder layer, as in "Attention Is All You Need"."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(  # indices 0 and 3 hold the weights: part of the contract
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        """x: [B, L, d_model] -> [B, L, d_model]."""
        # Each sublayer: dropout on its output, add its own input, then normalise (post-LN).
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))
