"""float64 table from torch.einsum('i,j->ij') of positions and 10000 ** (-2i/d), cast to float32
before registering; persistent=True spelled out."""

import torch
from torch import nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model: int, max_seq_len: int = 5000) -> None:
        super().__init__()
        positions = torch.arange(max_seq_len, dtype=torch.float64)
        inv_freq = 10000.0 ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        angles = torch.einsum("i,j->ij", positions, inv_freq)  # [L, d_model / 2]
        table = torch.empty(max_seq_len, d_model, dtype=torch.float64)
        table[:, 0::2] = angles.sin()
        table[:, 1::2] = angles.cos()
        self.register_buffer("pe", table.to(torch.float32)[None], persistent=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.pe[:, : x.shape[1], :]
