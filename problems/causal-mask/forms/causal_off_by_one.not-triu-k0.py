# Wrong: ~triu(ones, 0) is True only strictly below the diagonal (j < i); the diagonal is lost.
import torch


def causal_mask(size):
    upper = torch.triu(torch.ones(size, size), diagonal=0).bool()
    return ~upper
