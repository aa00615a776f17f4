"""Known mistakes in the post-LN encoder layer (same submodules as the reference)."""

import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d_k = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b = q.size(0)

        def split(t):
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        scores = split(self.wq(q)) @ split(self.wk(k)).transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ split(self.wv(v))
        return self.wo(out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k))


class _Base(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)


class ResidualMissing(_Base):
    def forward(self, x, mask=None):
        x = self.norm1(self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(self.dropout(self.ffn(x)))


class PreLN(_Base):
    def forward(self, x, mask=None):
        y = self.norm1(x)
        x = x + self.dropout(self.self_attn(y, y, y, mask))
        return x + self.dropout(self.ffn(self.norm2(x)))


class ReluMissing(_Base):
    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        hidden = self.ffn[0](x)  # the ReLU is skipped
        return self.norm2(x + self.dropout(self.ffn[3](hidden)))


MISTAKES = {
    "residual_missing": ResidualMissing,
    "pre_ln_instead_of_post_ln": PreLN,
    "relu_missing": ReluMissing,
}
