# Wrong: marks the blocked positions (future keys or padding) as True, PyTorch attn_mask style.
import torch


def combined_mask(lengths, max_len):
    i = torch.arange(max_len).view(1, 1, max_len, 1)
    j = torch.arange(max_len).view(1, 1, 1, max_len)
    n = lengths.view(-1, 1, 1, 1)
    return (j > i) | (j >= n)
