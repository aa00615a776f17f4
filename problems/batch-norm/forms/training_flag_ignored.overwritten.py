# Wrong: the eval branch picks the running statistics, then the next lines overwrite them.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if not training:
        mean, var = running_mean, running_var
    mean = np.mean(x, axis=0)
    var = np.var(x, axis=0)
    n = x.shape[0]
    new_running_mean = (1 - momentum) * running_mean + momentum * mean
    new_running_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta
    return out, new_running_mean, new_running_var
