# Wrong: hstack of the sin block and the cos block, not interleaved columns.
import numpy as np


def positional_encoding(max_seq_len, d_model):
    positions = np.arange(max_seq_len, dtype=float)[:, np.newaxis]
    inv_freq = 1.0 / (10000 ** (np.arange(0, d_model, 2, dtype=float) / d_model))
    sinusoid = positions @ inv_freq[np.newaxis, :]
    return np.hstack((np.sin(sinusoid), np.cos(sinusoid)))
