"""Known mistakes in the sinusoidal positional encoding."""

import numpy as np


def _angles(max_seq_len, d_model, exponent):
    pos = np.arange(max_seq_len, dtype=np.float64)[:, None]
    return pos / np.power(10000.0, exponent / d_model)


def sin_cos_swapped(max_seq_len, d_model):
    angle = _angles(max_seq_len, d_model, np.arange(0, d_model, 2, dtype=np.float64))
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.cos(angle)
    pe[:, 1::2] = np.sin(angle)
    return pe


def pe_wrong_exponent(max_seq_len, d_model):
    # 10000^(i/d_model) with i the pair index, instead of 10000^(2i/d_model).
    angle = _angles(max_seq_len, d_model, np.arange(d_model // 2, dtype=np.float64))
    pe = np.zeros((max_seq_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe


def pe_concat_not_interleaved(max_seq_len, d_model):
    angle = _angles(max_seq_len, d_model, np.arange(0, d_model, 2, dtype=np.float64))
    return np.concatenate([np.sin(angle), np.cos(angle)], axis=-1)


MISTAKES = {
    "sin_cos_swapped": sin_cos_swapped,
    "pe_wrong_exponent": pe_wrong_exponent,
    "pe_concat_not_interleaved": pe_concat_not_interleaved,
}
