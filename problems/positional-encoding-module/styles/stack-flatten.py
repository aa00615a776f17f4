"""torch.stack([sin, cos], dim=-1).flatten(1) interleaves the columns; torch.outer for the
angles."""

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model: int, max_seq_len: int = 5000) -> None:
        super().__init__()
        pos = torch.arange(max_seq_len, dtype=torch.float32)
        freq = torch.pow(10000.0, -torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
        angle = torch.outer(pos, freq)  # [L, d_model / 2]
        pe = torch.stack((torch.sin(angle), torch.cos(angle)), dim=-1).flatten(1)  # [L, d_model]
        self.register_buffer("pe", pe.unsqueeze(0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        seq_len = x.size(1)
        return x + self.pe[:, :seq_len]
