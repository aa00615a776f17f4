"""Start all-False and set the first n entries of each row by slicing."""

import torch


def padding_mask(lengths, max_len):
    batch = lengths.shape[0]
    mask = torch.zeros(batch, 1, 1, max_len, dtype=torch.bool)
    for b, n in enumerate(lengths.tolist()):
        mask[b, ..., :n] = True
    return mask
