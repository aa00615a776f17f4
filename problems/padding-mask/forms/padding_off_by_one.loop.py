# Wrong: the loop marks positions 0 .. length (inclusive) as real, one too many.
import torch


def padding_mask(lengths, max_len):
    mask = torch.zeros(len(lengths), max_len, dtype=torch.bool)
    for b, n in enumerate(lengths.tolist()):
        mask[b, : n + 1] = True
    return mask.reshape(len(lengths), 1, 1, max_len)
