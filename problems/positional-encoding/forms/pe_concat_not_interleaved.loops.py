# Wrong: the loop puts the cosine of pair i at column i + d_model/2 instead of column 2i + 1.
import math

import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model))
    half = d_model // 2
    for pos in range(max_seq_len):
        for i in range(half):
            angle = pos / 10000 ** (2 * i / d_model)
            pe[pos, i] = math.sin(angle)
            pe[pos, i + half] = math.cos(angle)
    return pe
