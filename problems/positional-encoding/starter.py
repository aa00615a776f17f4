import numpy as np


def positional_encoding(max_seq_len, d_model):
    """Sinusoidal positional encoding.

    Returns: [max_seq_len, d_model]; even columns sin, odd columns cos.
    """
    # TODO: fill even columns with sin and odd columns with cos
    return np.zeros((max_seq_len, d_model))
