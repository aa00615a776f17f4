# Wrong: True where j > i (the positions to block), the opposite of this problem's convention.
import torch


def causal_mask(size):
    i = torch.arange(size).view(-1, 1)
    j = torch.arange(size).view(1, -1)
    return j > i
