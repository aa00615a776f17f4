# Wrong: x += pe, then x *= scale, in place.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.d_model = d_model
        position = torch.arange(max_len)[:, None]
        two_i = torch.arange(0, d_model, 2)
        angle = position / 10000 ** (two_i / d_model)
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = angle.sin()
        pe[:, 1::2] = angle.cos()
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, tokens):
        x = self.embed(tokens)
        x += self.pe[: tokens.size(1)]
        x *= math.sqrt(self.d_model)
        return self.dropout(x)
