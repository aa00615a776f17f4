# Wrong: normalises over axis 1, which is the last axis only for 2-D inputs.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
