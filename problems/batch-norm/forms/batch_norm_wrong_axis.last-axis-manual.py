# Wrong: the layer-norm habit of reducing over the last axis, written out by hand.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if not training:
        x_hat = (x - running_mean) / np.sqrt(running_var + eps)
        return gamma * x_hat + beta, running_mean.copy(), running_var.copy()
    n = x.shape[-1]
    mu = x.sum(axis=-1, keepdims=True) / n
    sq = ((x - mu) ** 2).sum(axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sq / n + eps)
    new_mean = (1 - momentum) * running_mean + momentum * mu
    new_var = (1 - momentum) * running_var + momentum * sq / (n - 1)
    return gamma * x_hat + beta, new_mean, new_var
