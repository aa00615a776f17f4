# Wrong: takes the mean and variance over axis 0 (the batch) instead of the last axis.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=0, keepdims=True)
    var = x.var(axis=0, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
