# Wrong: Longformer-style two-sided window in a decoder: keys on both sides of the query.
import torch


def sliding_window_mask(size, window):
    mask = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):
        lo, hi = max(0, i - window + 1), min(size, i + window)
        mask[i, lo:hi] = True
    return mask
