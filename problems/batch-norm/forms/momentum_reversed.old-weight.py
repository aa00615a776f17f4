# Wrong: momentum taken as the weight of the old running value.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        n = x.shape[0]
        mean = x.mean(axis=0)
        var = x.var(axis=0)
        new_mean = momentum * running_mean + (1 - momentum) * mean
        new_var = momentum * running_var + (1 - momentum) * var * n / (n - 1)
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var
