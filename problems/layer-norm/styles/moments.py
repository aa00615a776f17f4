"""Variance from the first two moments, E[x^2] - E[x]^2 (float64), and (var + eps) ** -0.5."""

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = x.astype(np.float64)
    m1 = np.mean(x, axis=-1, keepdims=True)
    m2 = np.mean(x * x, axis=-1, keepdims=True)
    var = np.maximum(m2 - m1 * m1, 0.0)
    return gamma * ((x - m1) * (var + eps) ** -0.5) + beta
