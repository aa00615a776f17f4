# Wrong: transposes the lower triangle with .T, giving the upper one.
import torch


def causal_mask(size):
    mask = torch.tril(torch.ones(size, size)).T
    return mask.bool()
