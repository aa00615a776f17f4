# Wrong: triu keeps the upper triangle (j >= i), the transpose of the causal mask.
import torch


def causal_mask(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
