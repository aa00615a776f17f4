"""A "rotary-style" construction: angles from torch.outer, then sin and cos stacked on a
new last axis and flattened, which interleaves them (column 2i sin, 2i+1 cos). The table is
an attribute-free cache: computed once, stored with persistent=False under another name."""

import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size: int, d_model: int, max_len: int = 5000, dropout: float = 0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.scale = math.sqrt(d_model)
        inv_freq = 10000.0 ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        angles = torch.outer(torch.arange(max_len, dtype=torch.float64), inv_freq)
        table = torch.stack((angles.sin(), angles.cos()), dim=-1).reshape(max_len, d_model)
        self.register_buffer("sinusoid_cache", table.float(), persistent=False)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        seq_len = tokens.shape[-1]
        return self.dropout(self.embed(tokens) * self.scale + self.sinusoid_cache[:seq_len])
