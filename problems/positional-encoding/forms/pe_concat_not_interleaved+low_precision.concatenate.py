# Wrong: concatenates sines then cosines, and also returns the table in float16.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    pos = np.arange(max_seq_len)[:, None]
    angle = pos / np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    pe = np.concatenate([np.sin(angle), np.cos(angle)], axis=-1)
    return pe.astype(np.float16)
