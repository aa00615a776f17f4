# Wrong: a helper normalises with the batch statistics whatever the mode.
import numpy as np


def _normalize(x, eps):
    mean = x.mean(axis=0, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=0, keepdims=True)
    return (x - mean) / np.sqrt(var + eps), mean[0], var[0]


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    x_hat, mean, var = _normalize(x, eps)
    if not training:
        return gamma * x_hat + beta, running_mean, running_var
    n = x.shape[0]
    new_mean = (1 - momentum) * running_mean + momentum * mean
    new_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    return gamma * x_hat + beta, new_mean, new_var
