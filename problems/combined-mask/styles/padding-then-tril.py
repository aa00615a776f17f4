"""Start from the padding-mask problem's [B, 1, 1, L] answer, expand it to [B, 1, L, L]
with repeat, and cut it to the lower triangle with torch.tril (which works batched)."""

import torch


def padding_mask(lengths, max_len):
    return (torch.arange(max_len)[None, :] < lengths[:, None])[:, None, None, :]


def combined_mask(lengths, max_len):
    mask = padding_mask(lengths, max_len).repeat(1, 1, max_len, 1)
    return torch.tril(mask)
