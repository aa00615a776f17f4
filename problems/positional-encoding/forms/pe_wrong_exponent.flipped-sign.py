# Wrong: flipped exponent sign: pos * 10000^(2i/d_model) instead of pos / 10000^(2i/d_model).
import math

import numpy as np


def positional_encoding(max_seq_len, d_model):
    position = np.arange(max_seq_len, dtype=np.float64)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (math.log(10000.0) / d_model))
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
