"""The Annotated Transformer's SublayerConnection (harvardnlp): a wrapper whose forward takes
the sublayer as a callable, `x + dropout(sublayer(norm(x)))`. Changes forced by the contract:
the original is pre-norm only, with its own LayerNorm (a_2/b_2, unbiased std + eps); here the
norm is nn.LayerNorm called `norm`, post-norm is added behind the flag, and the sublayer is
the `ffn` Sequential the wrapper owns."""

import torch.nn as nn


class SublayerConnection(nn.Module):
    "A residual connection and a layer norm, the norm first or last."

    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super(SublayerConnection, self).__init__()  # noqa: UP008
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def residual(self, x, sublayer):
        "Apply residual connection to any sublayer with the same size."
        if self.pre_norm:
            return x + self.dropout(sublayer(self.norm(x)))
        return self.norm(x + self.dropout(sublayer(x)))

    def forward(self, x):
        return self.residual(x, self.ffn)
