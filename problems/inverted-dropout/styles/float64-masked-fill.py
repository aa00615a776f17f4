"""masked_fill for the dropped entries and the rescaling done in float64 before casting back
to the input's dtype; keyword-style names (input, mask, drop_prob, train)."""

import torch


def inverted_dropout(
    input: torch.Tensor, mask: torch.Tensor, drop_prob: float, train: bool = True
) -> torch.Tensor:
    if not train:
        return input
    wide = input.double().masked_fill(~mask, 0.0)
    return (wide / (1.0 - drop_prob)).to(input.dtype)
