"""Flatten to [N, d_model], compute in float64 with F.linear, cast back and restore the
shape: a style seen in numerically careful notebooks. Type hints and a helper function."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def _mlp(x2d: torch.Tensor, fc1: nn.Linear, drop: nn.Dropout, fc2: nn.Linear) -> torch.Tensor:
    h = drop(F.relu(F.linear(x2d, fc1.weight.double(), fc1.bias.double())))
    return F.linear(h, fc2.weight.double(), fc2.bias.double())


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)
        self.d_model = d_model

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        out = _mlp(x.reshape(-1, self.d_model).double(), self.linear1, self.dropout, self.linear2)
        return out.to(x.dtype).reshape(shape)
