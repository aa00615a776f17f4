# Wrong: index <= length marks one padding position after each sequence as real.
import torch


def padding_mask(lengths, max_len):
    positions = torch.arange(max_len)
    return (positions[None, :] <= lengths[:, None])[:, None, None, :]
