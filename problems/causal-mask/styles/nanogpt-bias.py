"""nanoGPT's `bias` buffer, torch.tril(torch.ones(block_size, block_size)), without the
.view(1, 1, ...) (the contract is [size, size]); nanoGPT blocks where bias == 0, so allowed
is == 1."""

import torch


def causal_mask(block_size: int) -> torch.BoolTensor:
    bias = torch.tril(torch.ones(block_size, block_size))
    return bias == 1
