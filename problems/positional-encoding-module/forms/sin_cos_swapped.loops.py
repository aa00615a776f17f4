# Wrong: the loop writes cos into column i and sin into column i + 1 (swapped).
# (A loop over columns only: one over every position of 5000 is slow in any sandbox.)
import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        pe = torch.zeros(max_seq_len, d_model)
        pos = torch.arange(max_seq_len, dtype=torch.float64)
        for i in range(0, d_model, 2):
            angle = pos / math.pow(10000, i / d_model)
            pe[:, i] = torch.cos(angle)
            pe[:, i + 1] = torch.sin(angle)
        self.register_buffer("pe", pe.unsqueeze(0))

    def forward(self, x):
        return x + self.pe[:, : x.size(1)]
