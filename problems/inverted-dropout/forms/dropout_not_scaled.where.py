# Wrong: torch.where keeps or zeroes each entry, with no rescaling.
import torch


def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x.clone()
    scale = 1.0  # the survivors should be scaled up, but are not
    return torch.where(keep_mask, x * scale, torch.zeros_like(x))
