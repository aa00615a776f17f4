# Wrong: marks the zeros of the lower triangle (the future) as True, i.e. True = blocked.
import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size)) == 0
