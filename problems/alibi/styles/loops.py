"""A whiteboard version: the slopes as a Python list (bit tricks for the power of two), then
three nested loops filling bias[h][i][j] = m_h * (j - i)."""

import torch


def alibi_bias(num_heads, seq_len):
    n = 1 << (num_heads.bit_length() - 1)  # largest power of two <= num_heads
    slopes = [2.0 ** (-8.0 * (h + 1) / n) for h in range(n)]
    # Twice as many heads have slopes 2^(-4 k / n); the odd k are the ones not taken yet.
    slopes += [2.0 ** (-4.0 * k / n) for k in range(1, 2 * (num_heads - n), 2)]
    bias = [
        [[slopes[h] * (j - i) for j in range(seq_len)] for i in range(seq_len)]
        for h in range(num_heads)
    ]
    return torch.tensor(bias, dtype=torch.float32)
