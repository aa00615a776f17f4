"""Nested Python loops over query and key positions, filling a bool tensor."""

import torch


def causal_mask(size):
    mask = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):  # query
        for j in range(i + 1):  # keys at or before i
            mask[i, j] = True
    return mask
