"""torch.nn.TransformerEncoderLayer's feed-forward block (_ff_block): linear2(dropout(
activation(linear1(x)))), with the activation stored as a function (F.relu) and the outer
dropout2 left to the layer. Changes forced by the contract: dropout is named `dropout`."""

import torch.nn.functional as F
from torch import Tensor, nn


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1, activation=F.relu) -> None:
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.dropout = nn.Dropout(dropout)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.activation = activation

    def _ff_block(self, x: Tensor) -> Tensor:
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return x

    def forward(self, x: Tensor) -> Tensor:
        return self._ff_block(x)
