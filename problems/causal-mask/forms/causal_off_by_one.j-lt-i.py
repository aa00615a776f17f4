# Wrong: uses j < i instead of j <= i, so the diagonal is blocked.
import torch


def causal_mask(size):
    i = torch.arange(size).unsqueeze(1)
    j = torch.arange(size).unsqueeze(0)
    return j < i
