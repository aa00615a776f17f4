# Wrong: the loop fills the causal rows only for real query positions.
import torch


def combined_mask(lengths, max_len):
    out = torch.zeros(lengths.shape[0], 1, max_len, max_len, dtype=torch.bool)
    for b in range(lengths.shape[0]):
        for i in range(int(lengths[b])):
            out[b, 0, i, : i + 1] = True
    return out
