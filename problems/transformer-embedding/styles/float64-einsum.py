"""One-hot tokens times the embedding matrix with einsum, in float64, and a float64 table:
the textbook "an embedding is a matrix product with a one-hot vector" view. The result is
cast back to float32."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.vocab_size, self.d_model = vocab_size, d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, tokens):
        one_hot = F.one_hot(tokens, self.vocab_size).double()  # [B, L, V]
        x = torch.einsum("blv,vd->bld", one_hot, self.embed.weight.double())
        pos = torch.arange(tokens.size(1), dtype=torch.float64)[:, None]
        two_i = torch.arange(0, self.d_model, 2, dtype=torch.float64)
        angle = pos / torch.pow(10000.0, two_i / self.d_model)
        pe = torch.zeros(tokens.size(1), self.d_model, dtype=torch.float64)
        pe[:, 0::2], pe[:, 1::2] = angle.sin(), angle.cos()
        return self.dropout((x * math.sqrt(self.d_model) + pe).float())
