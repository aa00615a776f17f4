# Wrong: torch.logical_or of the two masks.
import torch


def combined_mask(lengths, max_len):
    i = torch.arange(max_len).view(max_len, 1)
    j = torch.arange(max_len).view(1, max_len)
    causal = (j <= i).expand(len(lengths), 1, max_len, max_len)
    padding = (j < lengths.view(-1, 1, 1, 1)).expand_as(causal)
    return torch.logical_or(causal, padding)
