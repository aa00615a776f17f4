# Wrong: the eval branch applies the mask too ("the mask was given, so use it").
import torch


def inverted_dropout(x, keep_mask, p, training=True):
    scale = 1.0 / (1.0 - p)
    if training:
        return torch.where(keep_mask, x * scale, torch.zeros_like(x))
    return x * keep_mask * scale
