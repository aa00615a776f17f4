# Wrong: the running value moves from the batch statistic towards the old one.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if not training:
        out = gamma * (x - running_mean) / np.sqrt(running_var + eps) + beta
        return out, running_mean.copy(), running_var.copy()
    n = len(x)
    mean = x.sum(0) / n
    var = ((x - mean) ** 2).sum(0) / n
    unbiased = ((x - mean) ** 2).sum(0) / (n - 1)
    new_mean = mean + momentum * (running_mean - mean)
    new_var = unbiased + momentum * (running_var - unbiased)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, new_mean, new_var
