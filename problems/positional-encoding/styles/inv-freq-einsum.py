"""Transformer-XL / RoPE-style inv_freq and an outer product with np.einsum; Transformer-XL
concatenates [sin, cos], so here the two halves are scattered into the interleaved layout."""

import numpy as np


def positional_encoding(max_seq_len, d_model):
    inv_freq = 1.0 / (10000 ** (np.arange(0.0, d_model, 2.0) / d_model))
    pos_seq = np.arange(max_seq_len, dtype=np.float64)
    sinusoid_inp = np.einsum("i,j->ij", pos_seq, inv_freq)
    pos_emb = np.empty((max_seq_len, d_model))
    pos_emb[:, ::2] = np.sin(sinusoid_inp)
    pos_emb[:, 1::2] = np.cos(sinusoid_inp)
    return pos_emb
