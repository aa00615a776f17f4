"""The table built in forward from the seed article's NumPy positional_encoding (a double
loop, float64), only for the L positions needed: nothing is registered, so state_dict()
holds only embed.weight. max_len is accepted and unused."""

import math

import numpy as np
import torch
import torch.nn as nn


def positional_encoding(seq_len, d_model):
    pe = np.zeros((seq_len, d_model))
    for pos in range(seq_len):
        for i in range(0, d_model, 2):
            pe[pos, i] = np.sin(pos / (10000 ** (i / d_model)))
            pe[pos, i + 1] = np.cos(pos / (10000 ** (i / d_model)))
    return pe


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.d_model = d_model

    def forward(self, tokens):
        x = self.embed(tokens) * math.sqrt(self.d_model)
        pe = torch.from_numpy(positional_encoding(tokens.shape[1], self.d_model))
        return self.dropout(x + pe.to(x.dtype))
