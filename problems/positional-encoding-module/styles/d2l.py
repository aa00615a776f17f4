"""d2l.ai's PositionalEncoding. d2l keeps the table in a plain attribute self.P and has dropout;
the contract needs a registered buffer named pe and no dropout, so those two things change."""

import torch
from torch import nn


class PositionalEncoding(nn.Module):
    """Positional encoding."""

    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        # Create a long enough P
        P = torch.zeros((1, max_seq_len, d_model))
        X = torch.arange(max_seq_len, dtype=torch.float32).reshape(-1, 1) / torch.pow(
            10000, torch.arange(0, d_model, 2, dtype=torch.float32) / d_model
        )
        P[:, :, 0::2] = torch.sin(X)
        P[:, :, 1::2] = torch.cos(X)
        self.register_buffer("pe", P)

    def forward(self, X):
        X = X + self.pe[:, : X.shape[1], :].to(X.device)
        return X
