# Wrong: both bounds built with tril/triu, but the upper one is +window-1, not 0.
import torch


def sliding_window_mask(size, window):
    ones = torch.ones(size, size)
    band = torch.triu(ones, diagonal=-(window - 1)) * torch.tril(ones, diagonal=window - 1)
    return band.bool()
