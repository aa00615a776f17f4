# Wrong: the loop indexes mask[j][i] instead of mask[i][j], transposing the causal mask.
import torch


def causal_mask(size):
    mask = torch.zeros(size, size, dtype=torch.bool)
    for i in range(size):
        for j in range(i + 1):
            mask[j, i] = True
    return mask
