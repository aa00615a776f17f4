"""Sum of shifted identity matrices: the band is the main diagonal plus the window - 1
subdiagonals, each a slice of torch.eye moved down by k rows (float, then > 0)."""

import torch


def sliding_window_mask(size, window):
    band = torch.zeros(size, size)
    eye = torch.eye(size)
    for k in range(min(window, size)):
        shifted = torch.zeros(size, size)
        shifted[k:, :] = eye[: size - k, :]  # ones at (i, i - k)
        band = band + shifted
    return band > 0
