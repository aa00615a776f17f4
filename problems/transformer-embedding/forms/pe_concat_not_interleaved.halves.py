# Wrong: fills the first half of the columns with sin and the second half with cos.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, tokens):
        L, half = tokens.size(1), self.d_model // 2
        pos = torch.arange(L, dtype=torch.float32)[:, None]
        freq = torch.pow(
            10000.0, -torch.arange(0, self.d_model, 2, dtype=torch.float32) / self.d_model
        )
        pe = torch.empty(L, self.d_model)
        pe[:, :half] = torch.sin(pos * freq)
        pe[:, half:] = torch.cos(pos * freq)
        return self.dropout(self.embed(tokens) * math.sqrt(self.d_model) + pe)
