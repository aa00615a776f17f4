"""Distance matrix in float64 with where(): keys in the future get +inf distance, and a
key is allowed when its distance back is below the window."""

import torch


def sliding_window_mask(seq_len, w):
    pos = torch.arange(seq_len, dtype=torch.float64)
    dist = pos.unsqueeze(1) - pos.unsqueeze(0)  # [L, L], query minus key
    dist = torch.where(dist < 0, torch.full_like(dist, float("inf")), dist)
    return dist < w
