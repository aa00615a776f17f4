# Wrong: the scale is computed from p itself.
import torch


def inverted_dropout(x: torch.Tensor, keep_mask: torch.Tensor, p: float, training: bool = True):
    if not training:
        return x
    scale = 1.0 / p
    return x * keep_mask.float().to(x.dtype) * scale
