import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        b = q.size(0)

        def split(t):  # [B, L, d_model] -> [B, h, L, d_k]
            return t.view(b, -1, self.h, self.d_k).transpose(1, 2)

        q, k, v = split(self.wq(q)), split(self.wk(k)), split(self.wv(v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_k)  # [B, h, Lq, Lk]
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        out = scores.softmax(dim=-1) @ v  # [B, h, Lq, d_k]
        return self.wo(out.transpose(1, 2).contiguous().view(b, -1, self.h * self.d_k))


class EncoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))


def sinusoidal_table(max_len: int, d_model: int) -> torch.Tensor:
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)  # [max_len, 1]
    div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
    pe = torch.zeros(max_len, d_model)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)
    return pe  # [max_len, d_model]


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
    ) -> None:
        super().__init__()
        self.d_model = d_model
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=pad_id)
        # A fixed table, not a weight: persistent=False keeps it out of state_dict().
        self.register_buffer("pe", sinusoidal_table(max_len, d_model), persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.layers = nn.ModuleList(
            [EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        keep = tokens != self.pad_id  # [B, L], True = real token
        mask = keep[:, None, None, :]  # [B, 1, 1, L]: broadcast over heads and queries
        x = self.embed(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]
        x = self.dropout(x)  # [B, L, d_model]
        for layer in self.layers:
            x = layer(x, mask)
        # Mean over real tokens only: pad positions still have outputs, they must not vote.
        w = keep.unsqueeze(-1).float()  # [B, L, 1]
        pooled = (x * w).sum(dim=1) / w.sum(dim=1).clamp(min=1.0)  # [B, d_model]
        return self.head(pooled)  # [B, num_classes]
