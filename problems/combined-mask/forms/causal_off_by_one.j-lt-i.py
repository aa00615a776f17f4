# Wrong: strict j < i, so a token cannot attend to itself.
import torch


def combined_mask(lengths, max_len):
    pos = torch.arange(max_len)
    causal = pos[None, :] < pos[:, None]
    pad = pos[None, :] < lengths[:, None]
    return (causal[None] & pad[:, None])[:, None]
