"""Table built with NumPy and wrapped with torch.from_numpy(...).float(); forward uses
Tensor.narrow."""

import numpy as np
import torch
import torch.nn as nn


def sinusoid_table(n_position, d_hid):
    position = np.arange(n_position)[:, None]
    div = np.power(10000.0, np.arange(0, d_hid, 2) / d_hid)
    table = np.zeros((n_position, d_hid))
    table[:, 0::2] = np.sin(position / div)
    table[:, 1::2] = np.cos(position / div)
    return table


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        table = torch.from_numpy(sinusoid_table(max_seq_len, d_model)).float()
        self.register_buffer("pe", table.unsqueeze(0))

    def forward(self, x):
        return x + self.pe.narrow(1, 0, x.size(1))
