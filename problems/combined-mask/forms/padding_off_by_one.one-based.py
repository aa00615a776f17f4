# Wrong: counts positions from 1 and keeps position <= length, one token too many.
import torch


def combined_mask(lengths, max_len):
    positions = torch.arange(1, max_len + 1)
    keep = positions[None, :] <= lengths[:, None] + 1
    causal = torch.ones(max_len, max_len, dtype=torch.bool).tril()
    return (causal & keep[:, None, :]).unsqueeze(1)
