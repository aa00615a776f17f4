"""PyTorch's "Language Modeling with nn.Transformer" tutorial: PositionalEncoding with a
[max_len, 1, d_model] table for sequence-first input, and the model's
`self.embedding(src) * math.sqrt(self.d_model)`. Changes forced by the contract: input is
batch-first, so the table is sliced and transposed; submodules are `embed` and `pos_encoder`,
and the table is a non-persistent buffer."""

import math

import torch
from torch import Tensor, nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model: int, dropout: float = 0.1, max_len: int = 5000):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout)
        position = torch.arange(max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, 1, d_model)
        pe[:, 0, 0::2] = torch.sin(position * div_term)
        pe[:, 0, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x: Tensor) -> Tensor:
        """x: [batch_size, seq_len, embedding_dim]"""
        x = x + self.pe[: x.size(1)].transpose(0, 1)
        return self.dropout(x)


class TransformerEmbedding(nn.Module):
    def __init__(self, ntoken: int, d_model: int, max_len: int = 5000, dropout: float = 0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(ntoken, d_model)
        self.pos_encoder = PositionalEncoding(d_model, dropout, max_len)

    def forward(self, src: Tensor) -> Tensor:
        return self.pos_encoder(self.embed(src) * math.sqrt(self.d_model))
