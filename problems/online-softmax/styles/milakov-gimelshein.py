"""Algorithm 3 of Milakov and Gimelshein, "Online normalizer calculation for softmax" (2018):
one element at a time, m_j = max(m_{j-1}, x_j), d_j = d_{j-1} * exp(m_{j-1} - m_j) +
exp(x_j - m_j), then y_i = exp(x_i - m_V) / d_V. Python floats per row; the blocks are
walked in order, each element inside its block."""

import math

import numpy as np


def online_softmax(x, block_size=4):
    rows, cols = x.shape
    y = np.empty_like(x)
    for r in range(rows):
        m, d = -math.inf, 0.0
        for start in range(0, cols, block_size):
            for j in range(start, min(start + block_size, cols)):
                v = float(x[r, j])
                m_new = max(m, v)
                d = d * math.exp(m - m_new) + math.exp(v - m_new)
                m = m_new
        for j in range(cols):
            y[r, j] = math.exp(float(x[r, j]) - m) / d
    return y
