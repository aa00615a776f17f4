# Wrong: the flag is hard-coded to True in __init__ (left over from trying pre-LN).
import torch
from torch import nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__()
        self.pre_norm = True  # pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.pre_norm:
            y = self.norm(x)
            return x + self.drop(self.ffn(y))
        return self.norm(x + self.drop(self.ffn(x)))
