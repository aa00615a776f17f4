# Wrong: each column j uses 10000^(j/d_model); the odd columns should share 2i with their pair.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len)[:, None]
    j = np.arange(d_model)[None, :]
    angles = pos / np.power(10000, j / d_model)
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.sin(angles[:, 0::2])
    pe[:, 1::2] = np.cos(angles[:, 1::2])
    return pe
