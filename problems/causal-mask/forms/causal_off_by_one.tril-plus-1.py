# Wrong: tril with diagonal=1 keeps one diagonal above the main one (one future token leaks).
import torch


def causal_mask(size):
    return torch.ones(size, size).tril(diagonal=1).to(torch.bool)
