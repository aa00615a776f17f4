"""The functional style of minimal training scripts: F.layer_norm and F.linear on the module's
own parameters, F.relu in between, no submodule calls in forward. Adapted only to the contract's
parameter names (norm.weight/bias, ffn.0 and ffn.3)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.pre_norm = pre_norm
        self.p = dropout
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )

    def _ln(self, x):
        return F.layer_norm(x, (self.d_model,), self.norm.weight, self.norm.bias, 1e-5)

    def _mlp(self, x):
        h = F.relu(F.linear(x, self.ffn[0].weight, self.ffn[0].bias))
        h = F.dropout(h, self.p, self.training)
        return F.dropout(F.linear(h, self.ffn[3].weight, self.ffn[3].bias), self.p, self.training)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self._mlp(self._ln(x)) if self.pre_norm else self._ln(x + self._mlp(x))
