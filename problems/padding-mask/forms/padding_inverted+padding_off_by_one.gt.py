# Wrong: index > length is inverted (True = padding) and off by one at position `length`.
import torch


def padding_mask(lengths, max_len):
    positions = torch.arange(max_len)
    return (positions[None, :] > lengths[:, None])[:, None, None, :]
