# Wrong: the "sample variance" (divide by N - 1) for the batch as well.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    n = x.shape[0]
    if training:
        mu = x.sum(axis=0) / n
        sigma2 = ((x - mu) ** 2).sum(axis=0) / (n - 1)
        running_mean = running_mean * (1 - momentum) + mu * momentum
        running_var = running_var * (1 - momentum) + sigma2 * momentum
    else:
        mu, sigma2 = running_mean, running_var
    x_norm = (x - mu) / np.sqrt(sigma2 + eps)
    return x_norm * gamma + beta, running_mean, running_var
