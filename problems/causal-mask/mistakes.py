"""Known mistakes in the causal mask."""

import torch


def causal_off_by_one(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)


def causal_transposed(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))


MISTAKES = {"causal_off_by_one": causal_off_by_one, "causal_transposed": causal_transposed}
