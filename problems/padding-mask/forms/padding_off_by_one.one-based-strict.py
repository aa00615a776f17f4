# Wrong: 1-based positions compared with < length, so the last real token is marked as padding.
import torch


def padding_mask(lengths, max_len):
    positions = torch.arange(1, max_len + 1)
    return (positions.unsqueeze(0) < lengths.unsqueeze(1)).unsqueeze(1).unsqueeze(1)
