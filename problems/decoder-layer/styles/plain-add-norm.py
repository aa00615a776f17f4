"""plain.py with an add_norm(x, norm, out) helper for the three post-LN sublayers: the
base of the written forms that use one."""

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

    def forward(self, q, k, v, mask=None):
        b = q.size(0)
        q = self.wq(q).view(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        k = self.wk(k).view(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        v = self.wv(v).view(b, -1, self.num_heads, self.d_k).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = torch.softmax(scores, dim=-1) @ v
        out = out.transpose(1, 2).contiguous().view(b, -1, self.num_heads * self.d_k)
        return self.wo(out)


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def add_norm(self, x, norm, out):
        return norm(x + self.dropout(out))

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        x = self.add_norm(x, self.norm1, self.self_attn(x, x, x, tgt_mask))
        x = self.add_norm(x, self.norm2, self.cross_attn(x, memory, memory, memory_mask))
        return self.add_norm(x, self.norm3, self.ffn(x))
