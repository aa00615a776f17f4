"""Functional helpers around one nn.Module tree, in the style of PyTorch tutorials that fold the
heads into the batch (torch.bmm on [B*h, L, d_k], like F.multi_head_attention_forward does
internally) and an additive float mask built with masked_fill(-inf) on zeros. Pooling picks each
sequence's real tokens with boolean indexing and averages them; the sinusoidal table comes from
torch.outer and is interleaved with stack/flatten."""

import math

import torch
from torch import nn


def split_heads(t, h):
    b, length, d = t.shape
    return t.reshape(b, length, h, d // h).transpose(1, 2).reshape(b * h, length, d // h)


def merge_heads(t, b, h):
    bh, length, dk = t.shape
    return t.reshape(b, h, length, dk).transpose(1, 2).reshape(b, length, h * dk)


class Attention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, bias=None):
        b, h = q.size(0), self.n_heads
        q, k, v = (split_heads(f(x), h) for f, x in ((self.wq, q), (self.wk, k), (self.wv, v)))
        q = q * q.size(-1) ** -0.5
        scores = torch.bmm(q, k.transpose(1, 2))  # [B*h, Lq, Lk]
        if bias is not None:
            scores = scores + bias.repeat_interleave(h, dim=0)
        return self.wo(merge_heads(torch.bmm(scores.softmax(-1), v), b, h))


class EncoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, dropout):
        super().__init__()
        self.self_attn = Attention(d_model, n_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1, self.norm2 = nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, bias):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, bias)))
        return self.norm2(x + self.dropout(self.ffn(x)))


def sinusoidal(length, d_model):
    inv = 10000.0 ** (-torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    angles = torch.outer(torch.arange(length, dtype=torch.float32), inv)  # [L, d/2]
    return torch.stack((angles.sin(), angles.cos()), dim=-1).flatten(1)  # [L, d]


def key_padding_bias(tokens, pad_id):
    zeros = torch.zeros(tokens.shape, dtype=torch.float32)
    return zeros.masked_fill(tokens == pad_id, float("-inf"))[:, None, :]  # [B, 1, L]


def masked_mean(x, keep):
    return torch.stack([x[i][keep[i]].mean(dim=0) for i in range(x.size(0))])


class TransformerClassifier(nn.Module):
    def __init__(
        self,
        vocab_size: int,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        num_classes: int,
        pad_id: int = 0,
        max_len: int = 512,
        dropout: float = 0.1,
    ):
        super().__init__()
        self.pad_id = pad_id
        self.scale = math.sqrt(d_model)
        self.embed = nn.Embedding(vocab_size, d_model)
        self.register_buffer("pos", sinusoidal(max_len, d_model), persistent=False)
        self.layers = nn.ModuleList(
            EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        bias = key_padding_bias(tokens, self.pad_id)
        x = self.embed(tokens) * self.scale + self.pos[: tokens.size(1)]
        for layer in self.layers:
            x = layer(x, bias)
        return self.head(masked_mean(x, tokens != self.pad_id))
