"""Trusted reference: inverted dropout with the mask given (True = keep).

In training the kept values are divided by the keep probability 1 - p, so the expected
value of each output equals its input; in eval the input passes through untouched. This is
what F.dropout(x, p, training) computes, with its random mask replaced by `keep_mask`.
"""

import torch


def inverted_dropout(
    x: torch.Tensor, keep_mask: torch.Tensor, p: float, training: bool = True
) -> torch.Tensor:
    """x * keep_mask / (1 - p) in training, x in eval."""
    if not training:
        return x
    return x * keep_mask.to(x.dtype) / (1.0 - p)
