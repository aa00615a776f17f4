# Wrong: fills the first half of the columns with sin and the second half with cos.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model))
    position = np.arange(max_seq_len).reshape(-1, 1)
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    half = d_model // 2
    pe[:, :half] = np.sin(position * div_term)
    pe[:, half:] = np.cos(position * div_term)
    return pe
