"""Whiteboard loops: for each query, mark the last `window` positions up to itself."""

import torch


def sliding_window_mask(size, window):
    mask = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):
        start = max(0, i - window + 1)
        for j in range(start, i + 1):
            mask[i, j] = True
    return mask
