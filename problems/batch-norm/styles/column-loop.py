"""One feature (column) at a time in a Python loop, the way it is often first written on a
whiteboard: each column's own mean, variance and running update."""

import math

import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    n, d = x.shape
    out = np.empty_like(x, dtype=float)
    new_mean = np.array(running_mean, dtype=float)
    new_var = np.array(running_var, dtype=float)
    for j in range(d):
        col = x[:, j]
        if training:
            mu = sum(col) / n
            ss = sum((v - mu) ** 2 for v in col)
            var = ss / n
            new_mean[j] = (1 - momentum) * running_mean[j] + momentum * mu
            new_var[j] = (1 - momentum) * running_var[j] + momentum * ss / (n - 1)
        else:
            mu, var = running_mean[j], running_var[j]
        out[:, j] = gamma[j] * (col - mu) / math.sqrt(var + eps) + beta[j]
    return out, new_mean, new_var
