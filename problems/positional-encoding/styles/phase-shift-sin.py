"""One np.sin call: every column gets its pair's frequency (np.repeat), and odd columns a phase of
pi/2, since cos(a) = sin(a + pi/2)."""

import numpy as np


def positional_encoding(max_seq_len, d_model):
    omega = np.power(10000.0, -np.arange(0, d_model, 2) / d_model)
    omega = np.repeat(omega, 2)  # [w0, w0, w1, w1, ...]
    phase = np.tile([0.0, np.pi / 2], d_model // 2)  # [0, pi/2, 0, pi/2, ...]
    positions = np.arange(max_seq_len)[:, None]
    return np.sin(positions * omega + phase)
