# Wrong: the scale is computed in __init__ but never used in forward.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        self.scale = math.sqrt(d_model)
        position = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
        freq = torch.pow(10000.0, -torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(position * freq)
        pe[:, 1::2] = torch.cos(position * freq)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, tokens):
        x = self.embed(tokens)
        x = x + self.pe[: x.size(1)]
        return self.dropout(x)
