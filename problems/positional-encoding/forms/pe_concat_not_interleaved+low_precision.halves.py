# Wrong: first half sin, second half cos (not interleaved), built in a float16 array.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model), dtype=np.float16)
    position = np.arange(max_seq_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe[:, : d_model // 2] = np.sin(position * div_term)
    pe[:, d_model // 2 :] = np.cos(position * div_term)
    return pe
