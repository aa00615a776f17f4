"""A from-scratch interview answer: explicit loops over heads and over the batch for pooling,
the positional table filled with math.sin/math.cos in Python, and attention computed in
float64 before casting back. Variations on purpose: different parameter names, a per-head loop
with slices of the projected features, and torch.where for the mask."""

import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.wq = nn.Linear(dim, dim)
        self.wk = nn.Linear(dim, dim)
        self.wv = nn.Linear(dim, dim)
        self.wo = nn.Linear(dim, dim)

    def forward(self, query, key, value, mask=None):
        Q = self.wq(query).double()
        K = self.wk(key).double()
        V = self.wv(value).double()
        outs = []
        for i in range(self.heads):
            cols = slice(i * self.head_dim, (i + 1) * self.head_dim)
            scores = Q[..., cols] @ K[..., cols].transpose(1, 2) / math.sqrt(self.head_dim)
            if mask is not None:
                keep = mask[:, 0]  # [B, 1 or Lq, Lk]
                scores = torch.where(keep, scores, torch.full_like(scores, -1e9))
            weights = torch.softmax(scores, dim=-1)
            outs.append(weights @ V[..., cols])
        return self.wo(torch.cat(outs, dim=-1).to(query.dtype))


class Layer(nn.Module):
    def __init__(self, dim, heads, hidden, p):
        super().__init__()
        self.self_attn = MultiHeadAttention(dim, heads)
        self.ffn = nn.Sequential(
            nn.Linear(dim, hidden), nn.ReLU(), nn.Dropout(p), nn.Linear(hidden, dim)
        )
        self.norm1 = nn.LayerNorm(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.drop1 = nn.Dropout(p)
        self.drop2 = nn.Dropout(p)

    def forward(self, x, mask=None):
        a = self.self_attn(x, x, x, mask)
        x = self.norm1(x + self.drop1(a))
        f = self.ffn(x)
        x = self.norm2(x + self.drop2(f))
        return x


def position_table(length, dim):
    table = torch.zeros(length, dim)
    for pos in range(length):
        for i in range(0, dim, 2):
            angle = pos / (10000 ** (i / dim))
            table[pos, i] = math.sin(angle)
            if i + 1 < dim:
                table[pos, i + 1] = math.cos(angle)
    return table


class TransformerClassifier(nn.Module):
    def __init__(
        self,
        vocab_size,
        d_model,
        num_heads,
        d_ff,
        num_layers,
        num_classes,
        pad_id=0,
        max_len=512,
        dropout=0.1,
    ):
        super().__init__()
        self.dim = d_model
        self.pad = pad_id
        self.embed = nn.Embedding(vocab_size, d_model)
        self.layers = nn.ModuleList()
        for _ in range(num_layers):
            self.layers.append(Layer(d_model, num_heads, d_ff, dropout))
        self.head = nn.Linear(d_model, num_classes)
        self.drop = nn.Dropout(dropout)

    def forward(self, tokens):
        batch, length = tokens.shape
        real = tokens != self.pad  # [B, L]
        mask = real.view(batch, 1, 1, length)
        x = self.embed(tokens) * math.sqrt(self.dim)
        x = self.drop(x + position_table(length, self.dim))
        for layer in self.layers:
            x = layer(x, mask)
        pooled = []
        for b in range(batch):
            n = int(real[b].sum())
            total = torch.zeros(self.dim, dtype=torch.float64)
            for t in range(length):
                if real[b, t]:
                    total = total + x[b, t].double()
            pooled.append((total / n).float())
        return self.head(torch.stack(pooled))
