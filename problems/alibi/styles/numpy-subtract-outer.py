"""NumPy first, torch at the end: the distance matrix as a Toeplitz-style difference of
index grids (np.subtract.outer), slopes from the paper's recipe with np.log2, returned as a
torch tensor with torch.from_numpy."""

import numpy as np
import torch


def alibi_bias(num_heads, seq_len):
    closest = int(2 ** np.floor(np.log2(num_heads)))
    slopes = 2.0 ** (-8.0 * np.arange(1, closest + 1) / closest)
    if closest != num_heads:
        extra = 2.0 ** (-4.0 * np.arange(1, 2 * (num_heads - closest), 2) / closest)
        slopes = np.concatenate([slopes, extra])
    pos = np.arange(seq_len)
    distance = np.subtract.outer(pos, pos).T  # [i, j] -> j - i
    return torch.from_numpy(slopes[:, None, None] * distance).float()
