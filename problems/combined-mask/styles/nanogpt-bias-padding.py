"""nanoGPT's causal `bias` buffer (tril of ones, viewed [1, 1, T, T]) and a key padding mask
[B, 1, 1, T] built from lengths, joined by logical_and; nanoGPT blocks where bias == 0."""

import torch


def combined_mask(lengths, max_len):
    T = max_len
    bias = torch.tril(torch.ones(T, T)).view(1, 1, T, T)
    key_padding = (torch.arange(T).view(1, 1, 1, T) < lengths.view(-1, 1, 1, 1)).float()
    return torch.logical_and(bias != 0, key_padding != 0)
