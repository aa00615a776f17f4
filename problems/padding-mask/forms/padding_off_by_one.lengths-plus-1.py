# Wrong: compares against lengths + 1, so the first padding position counts as a real token.
import torch


def padding_mask(lengths, max_len):
    idx = torch.arange(max_len).unsqueeze(0)
    mask = idx < (lengths + 1).unsqueeze(1)
    return mask[:, None, None, :]
