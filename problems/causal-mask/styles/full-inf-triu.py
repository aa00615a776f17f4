"""The current PyTorch generate_square_subsequent_mask builds an additive float mask
(-inf strictly above the diagonal, 0 elsewhere); a score may be used where that mask is 0."""

import torch


def causal_mask(size: int) -> torch.Tensor:
    additive = torch.triu(torch.full((size, size), float("-inf")), diagonal=1)
    return additive == 0
