# Wrong: x is reassigned to the sublayer output, then "x + ..." adds nothing of the input.
import torch
import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm(x) if self.pre_norm else x
        x = self.dropout(self.ffn(h))
        out = torch.zeros_like(x) + x
        return out if self.pre_norm else self.norm(out)
