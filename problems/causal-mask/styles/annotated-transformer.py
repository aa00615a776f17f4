"""The Annotated Transformer's subsequent_mask (harvardnlp, the NumPy-era version): np.triu
with k=1 as uint8, then `== 0`. The original shape is (1, size, size); the contract wants
(size, size)."""

import numpy as np
import torch


def subsequent_mask(size):
    "Mask out subsequent positions."
    attn_shape = (size, size)
    subsequent_mask = np.triu(np.ones(attn_shape), k=1).astype("uint8")
    return torch.from_numpy(subsequent_mask) == 0


def causal_mask(size):
    return subsequent_mask(size)
