"""The older PyTorch Transformer._generate_square_subsequent_mask first line: the transposed
upper triangle (triu(ones) == 1).transpose(0, 1) is already the boolean allowed-mask; the original
then turned it into a float -inf/0 mask, which the contract does not want."""

import torch


def causal_mask(sz):
    mask = (torch.triu(torch.ones(sz, sz)) == 1).transpose(0, 1)
    return mask
