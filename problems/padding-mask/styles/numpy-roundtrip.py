"""Built in NumPy (lengths.numpy()), converted back with torch.from_numpy, reshaped with
np.newaxis."""

import numpy as np
import torch


def padding_mask(lengths, max_len):
    lens = lengths.numpy()
    mask = np.arange(max_len)[np.newaxis, :] < lens[:, np.newaxis]  # [B, max_len]
    return torch.from_numpy(mask[:, np.newaxis, np.newaxis, :])
