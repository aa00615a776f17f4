# Wrong: triu(diagonal=2) is one too many, so each query also sees the next token.
import torch


def combined_mask(lengths, max_len):
    future = torch.triu(torch.ones(max_len, max_len, dtype=torch.bool), diagonal=2)
    padding = torch.arange(max_len)[None, :] >= lengths[:, None]
    blocked = future[None, :, :] | padding[:, None, :]
    return ~blocked[:, None]
