# Wrong: an in-place div_ by sqrt(d_model) on the looked-up vectors.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.max_len = max_len

    def forward(self, tokens):
        B, L = tokens.shape
        x = self.embed(tokens)
        x = x.div(math.sqrt(self.d_model))
        pos = torch.arange(L, dtype=torch.float32).unsqueeze(1)
        div = torch.pow(
            10000.0, torch.arange(0, self.d_model, 2, dtype=torch.float32) / self.d_model
        )
        pe = torch.zeros(L, self.d_model)
        pe[:, 0::2] = torch.sin(pos / div)
        pe[:, 1::2] = torch.cos(pos / div)
        return self.dropout(x + pe)
