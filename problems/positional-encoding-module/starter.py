import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        # TODO: fill the table with interleaved sin/cos values
        pe = torch.zeros(1, max_seq_len, d_model)
        self.register_buffer("pe", pe)

    def forward(self, x):
        """x: [B, L, d_model] -> [B, L, d_model] (x + pe[:, :L])."""
        # TODO: add the encoding for the first L positions
        return x
