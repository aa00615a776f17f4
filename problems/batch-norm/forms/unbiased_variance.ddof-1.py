# Wrong: one unbiased variance (ddof=1) used both to normalise and to update running_var.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean = x.mean(axis=0)
        var = x.var(axis=0, ddof=1)
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var
