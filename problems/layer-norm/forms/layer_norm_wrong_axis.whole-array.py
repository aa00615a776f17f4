# Wrong: one mean and variance over the whole array instead of per token (last axis).
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x)
    var = np.var(x)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
