# Wrong: i - j <= window lets each query see window + 1 keys.
import torch


def sliding_window_mask(size, window):
    i = torch.arange(size).unsqueeze(1)
    j = torch.arange(size).unsqueeze(0)
    return (j <= i) & (i - j <= window)
