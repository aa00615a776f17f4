# Wrong: the slice stops at length - 1, so the last real token is treated as padding.
import torch


def combined_mask(lengths, max_len):
    mask = torch.zeros(len(lengths), 1, max_len, max_len, dtype=torch.bool)
    for b, n in enumerate(lengths.tolist()):
        mask[b, 0, :, : n - 1] = True
    return mask & torch.tril(torch.ones(max_len, max_len, dtype=torch.bool))
