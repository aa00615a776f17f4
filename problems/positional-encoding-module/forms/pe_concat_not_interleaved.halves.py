# Wrong: the first half of the columns gets sin and the second half cos.
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        half = d_model // 2
        position = torch.arange(max_seq_len, dtype=torch.float32).unsqueeze(1)
        freqs = torch.pow(10000.0, -torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
        pe = torch.zeros(max_seq_len, d_model)
        pe[:, :half] = torch.sin(position * freqs)
        pe[:, half:] = torch.cos(position * freqs)
        self.register_buffer("pe", pe.unsqueeze(0))

    def forward(self, x):
        return x + self.pe[:, : x.size(1)]
