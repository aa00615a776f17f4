"""sin and cos tables stacked on a new last axis and reshaped, which interleaves them."""

import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len, dtype=np.float64).reshape(-1, 1)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)  # [d_model / 2]
    angles = pos * freqs  # [L, d_model / 2]
    return np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(max_seq_len, d_model)
