# Wrong: rotary-style table, cat((sin, cos)) of an outer product, not interleaved columns.
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        inv_freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
        t = torch.arange(max_seq_len).float()
        freqs = torch.outer(t, inv_freq)
        self.register_buffer("pe", torch.cat((freqs.sin(), freqs.cos()), dim=-1).unsqueeze(0))

    def forward(self, x):
        seq_len = x.shape[1]
        return x + self.pe[:, :seq_len]
