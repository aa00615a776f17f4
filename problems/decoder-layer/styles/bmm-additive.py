"""Heads folded into the batch ([B*h, L, d_k]) and torch.bmm, as fairseq's MultiheadAttention
does internally, with the mask turned into an additive float bias (0 where allowed, -1e9 where
blocked) expanded to [B, h, Lq, Lk] and folded the same way; the scale applied to q before
the product (fairseq's `q *= self.scaling`)."""

import torch
import torch.nn.functional as F
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.scaling = self.head_dim**-0.5
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _fold(self, t):
        bsz, length, _ = t.shape
        t = t.view(bsz, length, self.num_heads, self.head_dim).transpose(1, 2)
        return t.reshape(bsz * self.num_heads, length, self.head_dim)

    def forward(self, q, k, v, mask=None):
        bsz, tgt_len, embed_dim = q.shape
        src_len = k.shape[1]
        q = self._fold(self.wq(q) * self.scaling)
        k, v = self._fold(self.wk(k)), self._fold(self.wv(v))
        attn_weights = torch.bmm(q, k.transpose(1, 2))  # [B*h, Lq, Lk]
        if mask is not None:
            bias = torch.zeros(mask.shape, dtype=q.dtype).masked_fill(~mask, -1e9)
            bias = bias.expand(bsz, self.num_heads, tgt_len, src_len)
            attn_weights = attn_weights + bias.reshape(bsz * self.num_heads, tgt_len, src_len)
        attn_probs = F.softmax(attn_weights, dim=-1)
        attn = torch.bmm(attn_probs, v)  # [B*h, Lq, d_k]
        attn = attn.view(bsz, self.num_heads, tgt_len, self.head_dim).transpose(1, 2)
        return self.wo(attn.reshape(bsz, tgt_len, embed_dim))


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        residual = x
        x = self.self_attn(x, x, x, tgt_mask)
        x = self.norm1(residual + self.dropout(x))
        residual = x
        x = self.cross_attn(x, memory, memory, memory_mask)
        x = self.norm2(residual + self.dropout(x))
        residual = x
        x = self.ffn(x)
        return self.norm3(residual + self.dropout(x))
