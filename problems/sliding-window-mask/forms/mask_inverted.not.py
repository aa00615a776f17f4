# Wrong: builds the band and then negates it "for masked_fill".
import torch


def sliding_window_mask(size, window):
    ones = torch.ones(size, size, dtype=torch.bool)
    band = torch.tril(ones) & torch.triu(ones, diagonal=-(window - 1))
    return ~band
