# Wrong: the loop writes cos into column i and sin into column i + 1 (swapped).
import math

import numpy as np


def positional_encoding(max_seq_len, d_model):
    pe = np.zeros((max_seq_len, d_model))
    for pos in range(max_seq_len):
        for i in range(0, d_model, 2):
            angle = pos / (10000 ** (i / d_model))
            pe[pos, i] = math.cos(angle)
            pe[pos, i + 1] = math.sin(angle)
    return pe
