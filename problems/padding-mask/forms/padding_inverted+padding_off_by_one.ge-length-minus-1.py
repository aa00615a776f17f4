# Wrong: index >= length - 1 is inverted (True = padding) and also marks the last real token.
import torch


def padding_mask(lengths, max_len):
    pos = torch.arange(max_len).expand(len(lengths), max_len)
    return (pos >= (lengths - 1).unsqueeze(1))[:, None, None, :]
