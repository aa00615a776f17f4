# Wrong: uses 1000 as the base of the frequencies instead of 10000.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len)[:, None]
    two_i = np.arange(0, d_model, 2)[None, :]
    angle = pos / (1000 ** (two_i / d_model))
    pe = np.empty((max_seq_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
