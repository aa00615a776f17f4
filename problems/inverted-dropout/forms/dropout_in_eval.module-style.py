# Wrong: a Dropout module whose forward ignores self.training.
import torch
from torch import nn


class MyDropout(nn.Module):
    def __init__(self, p: float) -> None:
        super().__init__()
        self.p = p

    def forward(self, x: torch.Tensor, keep_mask: torch.Tensor) -> torch.Tensor:
        return x * keep_mask.to(x.dtype) / (1 - self.p)


def inverted_dropout(x, keep_mask, p, training=True):
    layer = MyDropout(p)
    layer.train(training)
    return layer(x, keep_mask)
