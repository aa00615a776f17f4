# Wrong: a PositionalEncoding helper that adds the table to the raw embeddings.

import torch
import torch.nn as nn


def sinusoid_table(n, d):
    pos = torch.arange(n, dtype=torch.float64)[:, None]
    i2 = torch.arange(0, d, 2, dtype=torch.float64)
    angle = pos / 10000 ** (i2 / d)
    table = torch.zeros(n, d, dtype=torch.float64)
    table[:, 0::2], table[:, 1::2] = torch.sin(angle), torch.cos(angle)
    return table.float()


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.d_model = d_model

    def add_position(self, x):
        return x + sinusoid_table(x.size(1), self.d_model)

    def forward(self, tokens):
        return self.dropout(self.add_position(self.embed(tokens)))
