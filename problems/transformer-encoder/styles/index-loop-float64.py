"""Layers indexed by position (`self.layers[i]`) in a range loop, the final LayerNorm
computed by hand in float64 from the module's weight and bias (biased variance, eps inside
the root, as nn.LayerNorm does). The layer is problems/encoder-layer/styles/float64-sqrt.py."""

import numpy as np
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        assert d_model % num_heads == 0
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, query, key, value, mask=None):
        B = query.size(0)

        def heads(t):
            return t.view(B, t.size(1), self.h, self.d_k).permute(0, 2, 1, 3).double()

        Q, K, V = heads(self.wq(query)), heads(self.wk(key)), heads(self.wv(value))
        scores = Q.matmul(K.transpose(-2, -1)) / np.sqrt(self.d_k)
        if mask is not None:
            scores.masked_fill_(~mask, -1e9)
        context = scores.softmax(dim=-1).matmul(V).to(query.dtype)
        context = context.permute(0, 2, 1, 3).contiguous().view(B, -1, self.h * self.d_k)
        return self.wo(context)


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

    def _residual(self, x, sublayer_out, norm):
        return norm(x + self.dropout(sublayer_out))

    def forward(self, x, mask=None):
        x = self._residual(x, self.self_attn(x, x, x, mask=mask), self.norm1)
        x = self._residual(x, self.ffn(x), self.norm2)
        return x


class TransformerEncoder(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__()
        self.num_layers = num_layers
        self.layers = nn.ModuleList(
            [TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.norm = nn.LayerNorm(d_model) if final_norm else None

    def forward(self, x, mask=None):
        for i in range(self.num_layers):
            x = self.layers[i](x, mask)
        if self.norm is None:
            return x
        h = x.double()
        mean = h.mean(dim=-1, keepdim=True)
        var = ((h - mean) ** 2).mean(dim=-1, keepdim=True)
        h = (h - mean) / (var + self.norm.eps).sqrt()
        return (h * self.norm.weight.double() + self.norm.bias.double()).to(x.dtype)
