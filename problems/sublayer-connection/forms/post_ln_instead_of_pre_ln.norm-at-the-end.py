# Wrong: the pre-LN branch was copied from the post-LN line and still normalises the sum.
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

    def forward(self, x):
        if self.pre_norm:
            y = x + self.dropout(self.ffn(x))
            return self.norm(y)
        else:
            return self.norm(x + self.dropout(self.ffn(x)))
