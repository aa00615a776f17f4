"""Known mistakes in the padding mask."""

import torch


def padding_inverted(lengths, max_len):
    return (torch.arange(max_len)[None, :] >= lengths[:, None])[:, None, None, :]


def padding_off_by_one(lengths, max_len):
    return (torch.arange(max_len)[None, :] <= lengths[:, None])[:, None, None, :]


MISTAKES = {"padding_inverted": padding_inverted, "padding_off_by_one": padding_off_by_one}
