# Wrong: the FFN written with F.linear on the Sequential's weights, no activation between.
import torch.nn as nn
import torch.nn.functional as F


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def _ffn(self, h):
        w1, w2 = self.ffn[0], self.ffn[3]
        return F.linear(F.linear(h, w1.weight, w1.bias), w2.weight, w2.bias)

    def forward(self, x):
        if self.pre_norm:
            return x + self.dropout(self._ffn(self.norm(x)))
        return self.norm(x + self.dropout(self._ffn(x)))
