"""Python loops with math.sin / math.cos into a float32 tensor, then register_buffer;
forward adds with expand_as."""

import math

import torch
from torch import nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        rows = []
        for pos in range(max_seq_len):
            row = []
            for i in range(0, d_model, 2):
                angle = pos / math.pow(10000, i / d_model)
                row += [math.sin(angle), math.cos(angle)]
            rows.append(row)
        pe = torch.tensor(rows, dtype=torch.float32)
        self.register_buffer("pe", pe.view(1, max_seq_len, d_model))

    def forward(self, x):
        return x + self.pe[:, : x.size(1)].expand_as(x)
