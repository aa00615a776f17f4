# Wrong: adds the two 0/1 masks and keeps anything > 0, which is OR, not AND.
import torch


def combined_mask(lengths, max_len):
    causal = torch.tril(torch.ones(max_len, max_len))
    pad = (torch.arange(max_len)[None, :] < lengths[:, None]).float()
    total = causal[None, None] + pad[:, None, None, :]
    return total > 0
