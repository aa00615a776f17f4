# Wrong: the double loop writes cos into column i and sin into column i + 1.
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
        L = tokens.size(1)
        pe = torch.zeros(L, self.d_model)
        for pos in range(L):
            for i in range(0, self.d_model, 2):
                angle = pos / (10000 ** (i / self.d_model))
                pe[pos, i] = math.cos(angle)
                pe[pos, i + 1] = math.sin(angle)
        return self.dropout(self.embed(tokens) * math.sqrt(self.d_model) + pe)
