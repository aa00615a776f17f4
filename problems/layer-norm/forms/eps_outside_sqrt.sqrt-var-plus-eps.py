# Wrong: divides by sqrt(var) + eps instead of sqrt(var + eps).
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / (np.sqrt(var) + eps) + beta
