# Wrong: the frequencies use base 1000 instead of 10000.
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        pos = torch.arange(max_seq_len, dtype=torch.float64)[:, None]
        div = 1000.0 ** (torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        pe = torch.zeros(max_seq_len, d_model, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(pos / div)
        pe[:, 1::2] = torch.cos(pos / div)
        self.register_buffer("pe", pe.float()[None])

    def forward(self, x):
        return x + self.pe[:, : x.shape[1]]
