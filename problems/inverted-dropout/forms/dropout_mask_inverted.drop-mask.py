# Wrong: treats the mask as a drop mask (True = drop), as in some dropout code.
import torch


def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x
    drop = keep_mask
    return torch.where(drop, torch.zeros_like(x), x) / (1.0 - p)
