# Wrong: returns triu(..., 1), True above the diagonal, i.e. True means blocked here.
import torch


def causal_mask(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool), diagonal=1)
