# Wrong: one variable h feeds both the sublayer and the residual; in pre-LN h is norm(x).
import torch
import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm(x) if self.pre_norm else x
        out = h + self.dropout(self.ffn(h))
        return out if self.pre_norm else self.norm(out)
