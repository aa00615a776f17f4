# Wrong: a symmetric band |i - j| < window, so the future inside the window is visible.
import torch


def sliding_window_mask(size, window):
    pos = torch.arange(size)
    return (pos[:, None] - pos[None, :]).abs() < window
