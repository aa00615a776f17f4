"""A from-scratch nn.Module as interviewers often ask for it: the layer reads self.training,
which model.train() / model.eval() set, and the mask is passed in."""

import torch
from torch import nn


class Dropout(nn.Module):
    def __init__(self, p: float = 0.5) -> None:
        super().__init__()
        if not 0.0 <= p < 1.0:
            raise ValueError(f"dropout probability must be in [0, 1), got {p}")
        self.p = p

    def forward(self, x: torch.Tensor, keep_mask: torch.Tensor) -> torch.Tensor:
        if not self.training or self.p == 0.0:
            return x
        return x * keep_mask * (1.0 / (1.0 - self.p))


def inverted_dropout(x, keep_mask, p, training=True):
    layer = Dropout(p).train(training)
    return layer(x, keep_mask)
