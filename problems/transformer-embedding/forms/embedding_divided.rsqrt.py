# Wrong: multiplies by d_model ** -0.5 (the reciprocal) instead of d_model ** 0.5.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.scale = d_model**-0.5
        pos = torch.arange(max_len, dtype=torch.float32)[:, None]
        inv = torch.exp(
            -math.log(10000.0) * torch.arange(0, d_model, 2, dtype=torch.float32) / d_model
        )
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(pos * inv)
        pe[:, 1::2] = torch.cos(pos * inv)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, tokens):
        return self.dropout(self.embed(tokens) * self.scale + self.pe[: tokens.size(1)])
