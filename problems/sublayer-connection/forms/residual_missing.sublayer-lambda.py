# Wrong: Annotated-Transformer-style wrapper taking a sublayer, but the "+ x" was dropped.
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

    def connect(self, x, sublayer):
        if self.pre_norm:
            return self.dropout(sublayer(self.norm(x)))
        return self.norm(self.dropout(sublayer(x)))

    def forward(self, x):
        return self.connect(x, lambda t: self.ffn(t))
