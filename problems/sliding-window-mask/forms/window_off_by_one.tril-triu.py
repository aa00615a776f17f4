# Wrong: triu(diagonal=-window) keeps window diagonals below the main one, window + 1 keys.
import torch


def sliding_window_mask(size, window):
    ones = torch.ones(size, size, dtype=torch.bool)
    return torch.tril(ones) & torch.triu(ones, diagonal=-window)
