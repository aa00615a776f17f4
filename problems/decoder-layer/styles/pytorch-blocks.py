"""PyTorch's nn.TransformerDecoderLayer.forward (torch/nn/modules/transformer.py) with
norm_first=False: `x = self.norm1(x + self._sa_block(x, tgt_mask, ...))`, `x = self.norm2(x +
self._mha_block(x, memory, memory_mask, ...))`, `x = self.norm3(x + self._ff_block(x))`, each
block ending in its own dropout. Changes forced by the contract: the attentions are this file's
MultiHeadAttention (wq/wk/wv/wo, bool masks with True = attend, batch-first) instead of
nn.MultiheadAttention, and linear1/linear2 live in the `ffn` Sequential."""

import math

import torch
import torch.nn.functional as F
from torch import Tensor, nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _heads(self, t: Tensor) -> Tensor:
        bsz, seq_len, _ = t.shape
        return t.view(bsz, seq_len, self.num_heads, self.head_dim).permute(0, 2, 1, 3)

    def forward(self, query: Tensor, key: Tensor, value: Tensor, attn_mask=None) -> Tensor:
        bsz, tgt_len, embed_dim = query.shape
        q, k, v = (
            self._heads(self.wq(query)),
            self._heads(self.wk(key)),
            self._heads(self.wv(value)),
        )
        attn = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
        if attn_mask is not None:
            attn = attn.masked_fill(attn_mask.logical_not(), -1e9)
        attn = F.softmax(attn, dim=-1)
        out = torch.matmul(attn, v).permute(0, 2, 1, 3).reshape(bsz, tgt_len, embed_dim)
        return self.wo(out)


class TransformerDecoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model, eps=1e-5)
        self.norm2 = nn.LayerNorm(d_model, eps=1e-5)
        self.norm3 = nn.LayerNorm(d_model, eps=1e-5)
        self.dropout1 = nn.Dropout(dropout)
        self.dropout2 = nn.Dropout(dropout)
        self.dropout3 = nn.Dropout(dropout)

    def forward(self, tgt: Tensor, memory: Tensor, tgt_mask=None, memory_mask=None) -> Tensor:
        x = tgt
        x = self.norm1(x + self._sa_block(x, tgt_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask))
        x = self.norm3(x + self._ff_block(x))
        return x

    # self-attention block
    def _sa_block(self, x: Tensor, attn_mask) -> Tensor:
        x = self.self_attn(x, x, x, attn_mask)
        return self.dropout1(x)

    # multihead attention block
    def _mha_block(self, x: Tensor, mem: Tensor, attn_mask) -> Tensor:
        x = self.cross_attn(x, mem, mem, attn_mask)
        return self.dropout2(x)

    # feed forward block
    def _ff_block(self, x: Tensor) -> Tensor:
        return self.dropout3(self.ffn(x))
