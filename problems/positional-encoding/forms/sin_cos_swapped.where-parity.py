# Wrong: np.where picks cos for even columns and sin for odd ones (the parity test is swapped).
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len)[:, None]
    col = np.arange(d_model)[None, :]
    angle = pos / np.power(10000, (col - col % 2) / d_model)
    return np.where(col % 2 == 0, np.cos(angle), np.sin(angle))
