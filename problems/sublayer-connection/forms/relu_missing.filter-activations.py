# Wrong: runs the Sequential's children but filters out "non-linear layers" (meant: Dropout).
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
        h = self.norm(x) if self.pre_norm else x
        for layer in self.ffn:
            if isinstance(layer, nn.Linear):
                h = layer(h)
        out = x + self.dropout(h)
        return out if self.pre_norm else self.norm(out)
