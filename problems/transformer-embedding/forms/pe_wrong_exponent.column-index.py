# Wrong: the exponent uses the column index j, so odd columns get 10000^((2i+1)/d).
import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        pe = torch.zeros(max_len, d_model)
        pos = torch.arange(max_len).float().unsqueeze(1)
        j = torch.arange(d_model).float()
        angle = pos / torch.pow(10000.0, j / d_model)
        pe[:, 0::2] = torch.sin(angle[:, 0::2])
        pe[:, 1::2] = torch.cos(angle[:, 1::2])
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, tokens):
        x = self.embed(tokens) * math.sqrt(self.d_model)
        return self.dropout(x + self.pe[: tokens.size(1)])
