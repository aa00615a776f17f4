# Wrong: interleaves by stacking (cos, sin) instead of (sin, cos).
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        position = torch.arange(max_seq_len, dtype=torch.float32)[:, None]
        inv_freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2, dtype=torch.float32) / d_model))
        angles = position * inv_freq
        pe = torch.stack((angles.cos(), angles.sin()), dim=-1).flatten(1)
        self.register_buffer("pe", pe.unsqueeze(0))

    def forward(self, x):
        return x + self.pe[:, : x.size(1)]
