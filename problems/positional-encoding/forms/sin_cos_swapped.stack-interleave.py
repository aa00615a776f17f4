# Wrong: interleaves by stacking [cos, sin] instead of [sin, cos].
import numpy as np


def positional_encoding(max_seq_len, d_model):
    position = np.arange(max_seq_len)[:, None]
    freqs = 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = position * freqs  # [L, d_model / 2]
    return np.stack([np.cos(angles), np.sin(angles)], axis=-1).reshape(max_seq_len, d_model)
