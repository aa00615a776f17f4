import torch
import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        # The sublayer: the position-wise FFN, Linear -> ReLU -> Dropout -> Linear.
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: [B, L, d_model]
        if self.pre_norm:
            # Pre-LN: only the sublayer's input is normalised; the residual path stays x.
            return x + self.dropout(self.ffn(self.norm(x)))
        # Post-LN: add first, then normalise the sum (the 2017 paper).
        return self.norm(x + self.dropout(self.ffn(x)))
