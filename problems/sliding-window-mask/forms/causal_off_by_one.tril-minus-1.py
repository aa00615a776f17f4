# Wrong: tril(diagonal=-1) drops the diagonal from the band.
import torch


def sliding_window_mask(size, window):
    ones = torch.ones(size, size, dtype=torch.bool)
    return torch.tril(ones, diagonal=-1) & torch.triu(ones, diagonal=1 - window)
