# Wrong: uses the pair index i in the exponent (10000^(i/d_model)) instead of 2i.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model))
    position = np.arange(max_seq_len)[:, np.newaxis]
    i = np.arange(d_model // 2)
    div_term = np.exp(i * -(np.log(10000.0) / d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
