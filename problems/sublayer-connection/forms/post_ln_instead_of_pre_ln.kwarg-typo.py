# Wrong: the constructor stores the flag under another name than forward reads, and the
# getattr default silently picks post-LN.
import torch.nn as nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.prenorm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        if getattr(self, "pre_norm", False):
            return x + self.dropout(self.ffn(self.norm(x)))
        return self.norm(x + self.dropout(self.ffn(x)))
