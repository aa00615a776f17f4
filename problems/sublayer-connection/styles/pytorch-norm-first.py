"""PyTorch's nn.TransformerEncoderLayer forward (torch/nn/modules/transformer.py): `if
self.norm_first: x = x + self._ff_block(self.norm2(x)) else: x = self.norm2(x +
self._ff_block(x))`, with `_ff_block` = linear2(dropout(activation(linear1(x)))) then
dropout2. Changes forced by the contract: only the feed-forward sublayer, the flag is
`pre_norm`, the layers live in the `ffn` Sequential and the norm is `norm`."""

import torch.nn.functional as F
from torch import Tensor, nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.norm_first = pre_norm
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout2 = nn.Dropout(dropout)
        self.activation = F.relu

    def _ff_block(self, x: Tensor) -> Tensor:
        linear1, dropout, linear2 = self.ffn[0], self.ffn[2], self.ffn[3]
        x = linear2(dropout(self.activation(linear1(x))))
        return self.dropout2(x)

    def forward(self, src: Tensor) -> Tensor:
        x = src
        if self.norm_first:
            x = x + self._ff_block(self.norm(x))
        else:
            x = self.norm(x + self._ff_block(x))
        return x
