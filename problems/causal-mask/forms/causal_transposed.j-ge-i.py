# Wrong: compares j >= i, so each position sees the future and not the past.
import torch


def causal_mask(size):
    idx = torch.arange(size)
    return idx[None, :] >= idx[:, None]
