"""Known mistakes in layer norm."""

import numpy as np


def unbiased_variance(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True, ddof=1)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def eps_outside_sqrt(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / (np.sqrt(var) + eps) + beta


def layer_norm_wrong_axis(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=0, keepdims=True)
    var = x.var(axis=0, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


MISTAKES = {
    "unbiased_variance": unbiased_variance,
    "eps_outside_sqrt": eps_outside_sqrt,
    "layer_norm_wrong_axis": layer_norm_wrong_axis,
}
