"""The usual one-liner: a float lower triangle converted with .bool()."""

import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size)).bool()
