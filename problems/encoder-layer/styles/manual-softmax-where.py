"""Interview version with type hints: a standalone attention() with torch.where and a hand-written
stable softmax, heads merged with flatten(2), the FFN called as self.ffn."""

import math

import torch
from torch import Tensor, nn


def softmax(x: Tensor, dim: int = -1) -> Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)


def attention(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = torch.where(mask, scores, scores.new_tensor(-1e9))
    return softmax(scores) @ v


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x: Tensor) -> Tensor:  # [B, L, D] -> [B, h, L, d_k]
        return x.unflatten(-1, (self.num_heads, -1)).transpose(1, 2)

    def forward(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
        queries = self._split(self.wq(q))
        keys, values = self._split(self.wk(k)), self._split(self.wv(v))
        out = attention(queries, keys, values, mask)
        return self.wo(out.transpose(1, 2).flatten(2))


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
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

    def forward(self, x: Tensor, mask: Tensor | None = None) -> Tensor:
        h = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(h + self.dropout(self.ffn(h)))
