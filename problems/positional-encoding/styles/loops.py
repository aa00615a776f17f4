"""Blog-post double loop over positions and even columns, math.sin / math.cos per entry."""

import math

import numpy as np


def positional_encoding(max_seq_len: int, d_model: int) -> np.ndarray:
    pe = np.zeros((max_seq_len, d_model), dtype=np.float64)
    for pos in range(max_seq_len):
        for i in range(0, d_model, 2):  # i is the even column 2k
            angle = pos / (10000 ** (i / d_model))
            pe[pos, i] = math.sin(angle)
            pe[pos, i + 1] = math.cos(angle)
    return pe
