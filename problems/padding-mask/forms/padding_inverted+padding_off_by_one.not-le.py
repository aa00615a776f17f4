# Wrong: negates index <= length: True marks the padding, and position `length` is off by one.
import torch


def padding_mask(lengths, max_len):
    keep = torch.arange(max_len).unsqueeze(0) <= lengths.unsqueeze(1)
    return (~keep).view(-1, 1, 1, max_len)
