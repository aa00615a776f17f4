# Wrong: tril with diagonal=-1 also blocks the diagonal, so a position cannot attend to itself.
import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)
