# Wrong: hstack of the sin and cos blocks (not interleaved), and the table returned as float16.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    positions = np.arange(max_seq_len)[:, None]
    inv_freq = 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * inv_freq
    return np.hstack([np.sin(angles), np.cos(angles)]).astype(np.float16)
