# Wrong: loops over columns and uses 10000^(2j/d_model) with j the column index, doubling it.
import math

import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model))
    for pos in range(max_seq_len):
        for j in range(d_model):
            angle = pos / math.pow(10000, 2 * j / d_model)
            pe[pos, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return pe
