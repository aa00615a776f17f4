# Wrong: | instead of &, so real tokens in the future are visible.
import torch


def combined_mask(lengths, max_len):
    causal = torch.tril(torch.ones(max_len, max_len, dtype=torch.bool))
    pad = torch.arange(max_len)[None, :] < lengths[:, None]
    return (causal[None] | pad[:, None])[:, None]
