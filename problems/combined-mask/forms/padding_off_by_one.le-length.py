# Wrong: j <= length keeps one padding token.
import torch


def combined_mask(lengths, max_len):
    i = torch.arange(max_len)[:, None]
    j = torch.arange(max_len)[None, :]
    return ((j <= i) & (j[None] <= lengths[:, None, None])).unsqueeze(1)
