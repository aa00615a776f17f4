"""Two triangular helpers, the way local causal masks are often written by hand:
tril keeps the past, triu(diagonal=-(window - 1)) drops what is too far back."""

import torch


def sliding_window_mask(size, window):
    ones = torch.ones(size, size, dtype=torch.bool)
    return torch.tril(ones) & torch.triu(ones, diagonal=-(window - 1))
