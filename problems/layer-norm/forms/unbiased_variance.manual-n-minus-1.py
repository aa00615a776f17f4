# Wrong: divides the sum of squared deviations by N - 1 instead of N.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    n = x.shape[-1]
    mean = np.sum(x, axis=-1, keepdims=True) / n
    var = np.sum((x - mean) ** 2, axis=-1, keepdims=True) / (n - 1)
    return gamma * ((x - mean) / np.sqrt(var + eps)) + beta
