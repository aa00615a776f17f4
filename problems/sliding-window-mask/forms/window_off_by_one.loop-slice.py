# Wrong: the row slice starts at i - window, one key too early.
import torch


def sliding_window_mask(size, window):
    mask = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):
        mask[i, max(0, i - window) : i + 1] = True
    return mask
