# Wrong: the Sequential is called piece by piece and the ReLU at index 1 is skipped.
import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def sublayer(self, h):
        return self.ffn[3](self.ffn[2](self.ffn[0](h)))

    def forward(self, x):
        if self.pre_norm:
            return x + self.dropout(self.sublayer(self.norm(x)))
        return self.norm(x + self.dropout(self.sublayer(x)))
