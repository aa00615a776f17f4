# Wrong: variance divided by N - 1, and eps added after the square root.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    n = x.shape[-1]
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).sum(axis=-1, keepdims=True) / (n - 1)
    return gamma * (x - mean) / (np.sqrt(var) + eps) + beta
