# Wrong: the batch statistics are computed before the branch and used in both modes.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    mean = x.mean(axis=0)
    var = x.var(axis=0)
    if training:
        n = x.shape[0]
        running_mean = (1 - momentum) * running_mean + momentum * mean
        running_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta
    return out, running_mean, running_var
