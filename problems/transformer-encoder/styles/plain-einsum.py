"""An einsum attention in nanoGPT's names (n_head, hs) filling ~mask with -inf, in a
post-LN stack: the base of the written forms that spell it so."""

import math

import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        B, T, C = q.shape
        hs = C // self.n_head
        q = self.wq(q).view(B, T, self.n_head, hs).transpose(1, 2)
        k = self.wk(k).view(B, -1, self.n_head, hs).transpose(1, 2)
        v = self.wv(v).view(B, -1, self.n_head, hs).transpose(1, 2)
        att = torch.einsum("bhqd,bhkd->bhqk", q, k) * (1.0 / math.sqrt(hs))
        if mask is not None:
            att = att.masked_fill(~mask, float("-inf"))
        att = att.softmax(dim=-1)
        y = torch.einsum("bhqk,bhkd->bhqd", att, v)
        return self.wo(y.transpose(1, 2).reshape(B, T, C))


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        attn_out = self.self_attn(x, x, x, mask)
        x = self.norm1(x + self.dropout(attn_out))
        ffn_out = self.ffn(x)
        return self.norm2(x + self.dropout(ffn_out))


class TransformerEncoder(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(num_layers):
            self.layers.append(TransformerEncoderLayer(d_model, num_heads, d_ff, dropout))
        self.norm = nn.LayerNorm(d_model) if final_norm else None

    def forward(self, x, mask=None):
        h = x
        for i in range(len(self.layers)):
            h = self.layers[i](h, mask)
        if self.norm is not None:
            h = self.norm(h)
        return h
