# Wrong: uses j <= i + 1, which lets each position also see the next one.
import torch


def causal_mask(size):
    rows = torch.arange(size)[:, None]
    cols = torch.arange(size)[None, :]
    return cols <= rows + 1
