# Wrong: a 0/1 band, then `== 0`, which marks the outside of the band.
import torch


def sliding_window_mask(size, window):
    band = torch.zeros(size, size)
    for k in range(window):
        band += torch.diag(torch.ones(max(size - k, 0)), -k) if k < size else 0
    return band == 0
