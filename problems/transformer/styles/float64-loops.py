"""A from-scratch interview answer with explicit loops: attention head by head in float64, the
masks written out with Python loops over (query, key) pairs, the positional table filled with
math.sin/math.cos, and the decoder input built token by token. Variations on purpose: other
parameter names, torch.where for masking, a boolean mask of shape [B, 1, Lq, Lk] everywhere
(the source mask expanded to every query)."""

import math

import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.wq = nn.Linear(dim, dim)
        self.wk = nn.Linear(dim, dim)
        self.wv = nn.Linear(dim, dim)
        self.wo = nn.Linear(dim, dim)

    def forward(self, query, key, value, mask):
        Q, K, V = self.wq(query).double(), self.wk(key).double(), self.wv(value).double()
        heads = []
        for i in range(self.heads):
            cols = slice(i * self.head_dim, (i + 1) * self.head_dim)
            scores = Q[..., cols] @ K[..., cols].transpose(1, 2) / math.sqrt(self.head_dim)
            scores = torch.where(mask[:, 0], scores, torch.full_like(scores, -1e9))
            heads.append(torch.softmax(scores, dim=-1) @ V[..., cols])
        return self.wo(torch.cat(heads, dim=-1).float())


def ffn(dim, hidden, p):
    return nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Dropout(p), nn.Linear(hidden, dim))


class EncLayer(nn.Module):
    def __init__(self, dim, heads, hidden, p):
        super().__init__()
        self.self_attn = Attention(dim, heads)
        self.ffn = ffn(dim, hidden, p)
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.drop = nn.Dropout(p)

    def forward(self, x, mask):
        x = self.norm1(x + self.drop(self.self_attn(x, x, x, mask)))
        x = self.norm2(x + self.drop(self.ffn(x)))
        return x


class DecLayer(nn.Module):
    def __init__(self, dim, heads, hidden, p):
        super().__init__()
        self.self_attn = Attention(dim, heads)
        self.cross_attn = Attention(dim, heads)
        self.ffn = ffn(dim, hidden, p)
        self.norm1, self.norm2, self.norm3 = nn.LayerNorm(dim), nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.drop = nn.Dropout(p)

    def forward(self, y, memory, self_mask, cross_mask):
        y = self.norm1(y + self.drop(self.self_attn(y, y, y, self_mask)))
        y = self.norm2(y + self.drop(self.cross_attn(y, memory, memory, cross_mask)))
        y = self.norm3(y + self.drop(self.ffn(y)))
        return y


def position_table(length, dim):
    table = torch.zeros(length, dim)
    for pos in range(length):
        for i in range(0, dim, 2):
            angle = pos / (10000 ** (i / dim))
            table[pos, i] = math.sin(angle)
            table[pos, i + 1] = math.cos(angle)
    return table


def build_mask(keys, n_queries, pad, causal):
    batch, n_keys = keys.shape
    mask = torch.zeros(batch, 1, n_queries, n_keys, dtype=torch.bool)
    for b in range(batch):
        for i in range(n_queries):
            for j in range(n_keys):
                mask[b, 0, i, j] = bool(keys[b, j] != pad) and (not causal or j <= i)
    return mask


class Transformer(nn.Module):
    def __init__(
        self,
        src_vocab,
        tgt_vocab,
        d_model,
        num_heads,
        d_ff,
        num_layers,
        pad_id=0,
        sos_id=1,
        max_len=512,
        dropout=0.1,
    ):
        super().__init__()
        self.dim, self.pad, self.sos = d_model, pad_id, sos_id
        self.src_embed = nn.Embedding(src_vocab, d_model)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model)
        self.encoder_layers = nn.ModuleList()
        self.decoder_layers = nn.ModuleList()
        for _ in range(num_layers):
            self.encoder_layers.append(EncLayer(d_model, num_heads, d_ff, dropout))
            self.decoder_layers.append(DecLayer(d_model, num_heads, d_ff, dropout))
        self.generator = nn.Linear(d_model, tgt_vocab)
        self.drop = nn.Dropout(dropout)

    def forward(self, src, tgt):
        batch, tgt_len = tgt.shape
        dec_in = torch.empty_like(tgt)
        for b in range(batch):
            dec_in[b, 0] = self.sos
            for t in range(1, tgt_len):
                dec_in[b, t] = tgt[b, t - 1]
        src_mask = build_mask(src, src.size(1), self.pad, causal=False)
        cross_mask = build_mask(src, tgt_len, self.pad, causal=False)
        tgt_mask = build_mask(dec_in, tgt_len, self.pad, causal=True)

        x = self.src_embed(src) * math.sqrt(self.dim)
        x = self.drop(x + position_table(src.size(1), self.dim))
        for layer in self.encoder_layers:
            x = layer(x, src_mask)
        y = self.tgt_embed(dec_in) * math.sqrt(self.dim)
        y = self.drop(y + position_table(tgt_len, self.dim))
        for layer in self.decoder_layers:
            y = layer(y, x, tgt_mask, cross_mask)
        return self.generator(y)
