"""The Annotated Transformer's Embeddings (lut(x) * sqrt(d_model)) and PositionalEncoding
(div_term via exp/log, pe[:, :L] with requires_grad_(False)) composed in one module.
Changes forced by the contract: `lut` is renamed `embed`, the table is registered with
persistent=False (only embed.weight is loaded), and dropout is applied once after the sum."""

import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.d_model = d_model
        self.dropout = nn.Dropout(p=dropout)

        # Compute the positional encodings once in log space.
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        pe = pe.unsqueeze(0)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x):
        x = self.embed(x) * math.sqrt(self.d_model)
        x = x + self.pe[:, : x.size(1)].requires_grad_(False)
        return self.dropout(x)
