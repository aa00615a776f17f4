# Wrong: masked_fill zeroes the dropped entries; the 1 / (1 - p) factor is missing.
import torch


def inverted_dropout(x: torch.Tensor, keep_mask: torch.Tensor, p: float, training: bool = True):
    if training:
        x = x.masked_fill(~keep_mask, 0.0)
    return x
