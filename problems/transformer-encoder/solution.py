import copy
import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int):
        super().__init__()
        self.h, self.d_k = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b = q.size(0)

        def split(t):  # [B, L, d_model] -> [B, h, L, d_k]
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        q, k, v = split(self.wq(q)), split(self.wk(k)), split(self.wv(v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)  # [B, h, Lq, Lk]
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)  # mask broadcasts over heads
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, Lq, d_k]
        return self.wo(out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k))


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))  # post-LN
        return self.norm2(x + self.dropout(self.ffn(x)))


class TransformerEncoder(nn.Module):
    def __init__(
        self,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        dropout: float = 0.1,
        final_norm: bool = True,
    ):
        super().__init__()
        layer = TransformerEncoderLayer(d_model, num_heads, d_ff, dropout)
        # deepcopy gives every layer its own weights; [layer] * N would share one set.
        self.layers = nn.ModuleList(copy.deepcopy(layer) for _ in range(num_layers))
        self.norm = nn.LayerNorm(d_model) if final_norm else None

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x, mask)  # the same mask for every layer; [B, L, d_model] throughout
        return x if self.norm is None else self.norm(x)
