# Wrong: stacks (cos, sin) and flattens, so cos lands on the even columns.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.drop = nn.Dropout(dropout)
        self.scale = math.sqrt(d_model)
        pos = torch.arange(max_len, dtype=torch.float32)[:, None]
        inv = 1.0 / (10000 ** (torch.arange(0, d_model, 2, dtype=torch.float32) / d_model))
        angles = pos * inv
        table = torch.stack([angles.cos(), angles.sin()], dim=-1).flatten(1)
        self.register_buffer("table", table, persistent=False)

    def forward(self, tokens):
        return self.drop(self.embed(tokens) * self.scale + self.table[: tokens.shape[1]])
