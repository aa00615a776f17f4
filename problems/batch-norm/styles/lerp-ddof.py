"""The shortest NumPy spelling: np.var with ddof=0 to normalise and ddof=1 for the running
estimate, and the moving average written as a step towards the batch statistic,
running + momentum * (batch - running), which is PyTorch's update rearranged."""

import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if not training:
        x_hat = (x - running_mean) / np.sqrt(running_var + eps)
        return gamma * x_hat + beta, running_mean.copy(), running_var.copy()
    mu = np.mean(x, axis=0)
    x_hat = (x - mu) / np.sqrt(np.var(x, axis=0, ddof=0) + eps)
    rm = running_mean + momentum * (mu - running_mean)
    rv = running_var + momentum * (np.var(x, axis=0, ddof=1) - running_var)
    return gamma * x_hat + beta, rm, rv
