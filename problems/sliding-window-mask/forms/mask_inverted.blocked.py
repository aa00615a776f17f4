# Wrong: returns the positions to block (future or too far back), attn_mask style.
import torch


def sliding_window_mask(size, window):
    i = torch.arange(size)[:, None]
    j = torch.arange(size)[None, :]
    return (j > i) | (j <= i - window)
