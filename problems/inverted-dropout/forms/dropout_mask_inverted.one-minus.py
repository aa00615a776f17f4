# Wrong: multiplies by (1 - mask), which keeps exactly the dropped entries.
import torch


def inverted_dropout(
    x: torch.Tensor, keep_mask: torch.Tensor, p: float, training: bool = True
) -> torch.Tensor:
    if not training:
        return x
    m = keep_mask.to(x.dtype)
    return x * (1 - m) / (1 - p)
