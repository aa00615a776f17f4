# Wrong: starts from all True and sets the real tokens to False (True = padding).
import torch


def padding_mask(lengths, max_len):
    B = lengths.shape[0]
    mask = torch.ones(B, 1, 1, max_len, dtype=torch.bool)
    for b in range(B):
        mask[b, 0, 0, : int(lengths[b])] = False
    return mask
