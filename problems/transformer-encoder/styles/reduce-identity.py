"""functools.reduce over the layers, and nn.Identity() instead of None when final_norm is
False (it has no parameters, so the weights load the same). The layer is
problems/encoder-layer/styles/einsum.py."""

import functools

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        B, Lq, D = q.shape
        Q = self.wq(q).reshape(B, Lq, self.h, self.d_k)
        K = self.wk(k).reshape(B, -1, self.h, self.d_k)
        V = self.wv(v).reshape(B, -1, self.h, self.d_k)
        logits = torch.einsum("bihd,bjhd->bhij", Q, K) * self.d_k**-0.5
        if mask is not None:
            logits = logits.masked_fill(mask == 0, -1e9)
        weights = logits.softmax(dim=-1)
        context = torch.einsum("bhij,bjhd->bihd", weights, V)
        return self.wo(context.reshape(B, Lq, D))


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        attn_out = self.self_attn(x, x, x, mask)
        residual = x + self.dropout(attn_out)
        h = self.norm1(residual)
        ffn_out = self.ffn(h)
        residual = h + self.dropout(ffn_out)
        return self.norm2(residual)


class TransformerEncoder(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__()
        self.layers = nn.ModuleList(
            TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.norm = nn.LayerNorm(d_model) if final_norm else nn.Identity()

    def forward(self, x, mask=None):
        x = functools.reduce(lambda h, layer: layer(h, mask), self.layers, x)
        return self.norm(x)
