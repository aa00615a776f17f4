# Wrong: divides by 10000^(i/d_model) with the pair index i, not 2i.
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        i = torch.arange(d_model // 2).float()
        freq = 1.0 / torch.pow(10000.0, i / d_model)
        angle = torch.arange(max_len).float()[:, None] * freq[None, :]
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(angle)
        pe[:, 1::2] = torch.cos(angle)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, tokens):
        return self.dropout(
            self.embed(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]
        )
