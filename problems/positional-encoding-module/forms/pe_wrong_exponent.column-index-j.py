# Wrong: each column j gets 10000^(j/d_model); the odd columns should share 2i with their pair.
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        pos = torch.arange(max_seq_len, dtype=torch.float32).unsqueeze(1)
        j = torch.arange(d_model, dtype=torch.float32)
        angles = pos / torch.pow(10000.0, j / d_model)
        pe = torch.zeros(max_seq_len, d_model)
        pe[:, 0::2] = torch.sin(angles[:, 0::2])
        pe[:, 1::2] = torch.cos(angles[:, 1::2])
        self.register_buffer("pe", pe.unsqueeze(0))

    def forward(self, x):
        return x + self.pe[:, : x.size(1)]
