"""Built row by row from a Python list, then reshaped."""

import torch


def padding_mask(lengths, max_len):
    rows = [[j < int(n) for j in range(max_len)] for n in lengths]
    return torch.tensor(rows, dtype=torch.bool).view(len(rows), 1, 1, max_len)
