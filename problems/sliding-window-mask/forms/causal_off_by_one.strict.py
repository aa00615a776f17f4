# Wrong: j < i, so a query does not see itself.
import torch


def sliding_window_mask(size, window):
    i = torch.arange(size).view(-1, 1)
    j = torch.arange(size).view(1, -1)
    return (j < i) & (i - j < window)
