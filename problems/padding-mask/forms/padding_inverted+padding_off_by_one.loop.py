# Wrong: marks positions after length+1 as True: inverted (True = padding) and off by one.
import torch


def padding_mask(lengths, max_len):
    mask = torch.zeros(lengths.shape[0], 1, 1, max_len, dtype=torch.bool)
    for b in range(lengths.shape[0]):
        mask[b, 0, 0, int(lengths[b]) + 1 :] = True
    return mask
