# Wrong: negates the correct comparison, so True marks the padding positions.
import torch


def padding_mask(lengths, max_len):
    real = torch.arange(max_len).unsqueeze(0) < lengths.unsqueeze(1)
    return (~real).view(lengths.size(0), 1, 1, max_len)
