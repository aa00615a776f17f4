"""Attention on [B*h, L, d_k] with torch.bmm and an additive -inf float mask; residual blocks
written as one nested expression each; nn.ReLU(inplace=True) in the FFN."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_heads = num_heads
        self.d_head = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _fold(self, t):
        b, n, _ = t.shape
        t = t.view(b, n, self.n_heads, self.d_head).transpose(1, 2).contiguous()
        return t.view(b * self.n_heads, n, self.d_head)

    def forward(self, q, k, v, mask=None):
        b, lq, d_model = q.shape
        lk = k.shape[1]
        qh, kh, vh = self._fold(self.wq(q)), self._fold(self.wk(k)), self._fold(self.wv(v))
        scores = torch.bmm(qh, kh.transpose(1, 2)) / math.sqrt(self.d_head)
        if mask is not None:
            bias = torch.zeros(mask.shape, dtype=scores.dtype).masked_fill(~mask, float("-inf"))
            scores = scores + bias.expand(b, self.n_heads, lq, lk).reshape(-1, lq, lk)
        out = torch.bmm(F.softmax(scores, dim=-1), vh)  # [B*h, Lq, d_head]
        out = out.view(b, self.n_heads, lq, self.d_head).transpose(1, 2).reshape(b, lq, d_model)
        return self.wo(out)


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(inplace=True),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))
