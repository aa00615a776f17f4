import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    """Adds the sinusoidal table of "Attention Is All You Need" to batch-first embeddings."""

    def __init__(self, d_model: int, max_seq_len: int = 5000):
        super().__init__()
        pos = torch.arange(max_seq_len, dtype=torch.float32).unsqueeze(1)  # [M, 1]
        # 1 / 10000^(2i / d_model) for each even column 2i, computed in log space.
        div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_seq_len, d_model)  # [M, d_model]
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)  # each cos column shares its sin column's frequency
        # A buffer, not a parameter: it follows .to(device) and is saved in state_dict(),
        # but the optimiser never updates it. The leading 1 broadcasts over the batch.
        self.register_buffer("pe", pe.unsqueeze(0))  # [1, M, d_model]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """x: [B, L, d_model] -> [B, L, d_model]."""
        return x + self.pe[:, : x.size(1)]  # [B, L, d] + [1, L, d]
