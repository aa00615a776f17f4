# Wrong: negates the lower triangle, so True marks the blocked future positions.
import torch


def causal_mask(size):
    allowed = torch.tril(torch.ones(size, size, dtype=torch.bool))
    return ~allowed
