import math

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    """Token embedding times sqrt(d_model), plus the fixed sinusoidal position table."""

    def __init__(self, vocab_size: int, d_model: int, max_len: int = 5000, dropout: float = 0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)  # the only learned weights
        self.dropout = nn.Dropout(dropout)

        position = torch.arange(max_len).unsqueeze(1)  # [max_len, 1]
        # 1 / 10000^(2i/d_model), computed in log space
        freq = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(position * freq)  # even columns
        pe[:, 1::2] = torch.cos(position * freq)  # odd columns
        # A buffer follows .to(device) but is not trained; persistent=False keeps it out of
        # state_dict(), since it can always be rebuilt from d_model and max_len.
        self.register_buffer("pe", pe)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        # Scale the embeddings up so that the +-1 table does not drown them.
        x = self.embed(tokens) * math.sqrt(self.d_model)  # [B, L, d_model]
        return self.dropout(x + self.pe[: tokens.size(1)])  # [L, d_model] broadcasts over B
