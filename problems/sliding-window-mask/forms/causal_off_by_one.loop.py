# Wrong: the slice stops at i, excluding the query's own position.
import torch


def sliding_window_mask(size, window):
    out = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):
        out[i, max(i - window + 1, 0) : i] = True
    return out
