# Wrong: index >= length is True on the padding, the opposite of "True for real tokens".
import torch


def padding_mask(lengths, max_len):
    positions = torch.arange(max_len)
    return (positions[None, :] >= lengths[:, None])[:, None, None, :]
