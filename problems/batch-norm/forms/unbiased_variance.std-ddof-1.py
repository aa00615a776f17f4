# Wrong: np.std(ddof=1) squared: the unbiased variance normalises the batch.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean = np.mean(x, axis=0)
        std = np.std(x, axis=0, ddof=1)
        var = std**2
        new_rm = (1.0 - momentum) * running_mean + momentum * mean
        new_rv = (1.0 - momentum) * running_var + momentum * var
    else:
        mean, var = running_mean, running_var
        new_rm, new_rv = running_mean.copy(), running_var.copy()
    return gamma * ((x - mean) / np.sqrt(var + eps)) + beta, new_rm, new_rv
