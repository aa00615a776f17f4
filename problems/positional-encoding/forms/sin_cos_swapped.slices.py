# Wrong: cos on the even columns and sin on the odd ones (swapped).
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len)[:, None]
    div = np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.cos(pos / div)
    pe[:, 1::2] = np.sin(pos / div)
    return pe
