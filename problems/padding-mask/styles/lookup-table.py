"""A lookup table: row n of tril(ones, -1) has n leading Trues, so index it by the lengths."""

import torch


def padding_mask(lengths, max_len):
    table = torch.ones(max_len + 1, max_len).tril(diagonal=-1).bool()  # [max_len + 1, max_len]
    return table[lengths][:, None, None, :]
