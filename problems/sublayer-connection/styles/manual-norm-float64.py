"""Interview whiteboard style: LayerNorm written out by hand (biased variance, eps inside the
square root, as torch.nn.LayerNorm) in float64, using the `norm` module only for its weight and
bias, then cast back to float32."""

import torch
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

    def layer_norm(self, x):
        x64 = x.double()
        mean = x64.mean(dim=-1, keepdim=True)
        var = ((x64 - mean) ** 2).mean(dim=-1, keepdim=True)
        y = (x64 - mean) / torch.sqrt(var + self.norm.eps)
        return (y * self.norm.weight.double() + self.norm.bias.double()).float()

    def forward(self, x):
        if self.pre_norm:
            return x + self.dropout(self.ffn(self.layer_norm(x)))
        return self.layer_norm(x + self.dropout(self.ffn(x)))
