# Wrong: x.var(ddof=1) is the unbiased variance; layer norm divides by N.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, ddof=1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
