"""cs231n's batchnorm_forward (assignment 2) with its bn_param dict and cache, adapted to the
contract: PyTorch's momentum convention (weight of the new statistic, not the old one), the
unbiased sample variance for the running update, and new running arrays returned instead of
bn_param being updated in place."""

import numpy as np


def batchnorm_forward(x, gamma, beta, bn_param):
    mode = bn_param["mode"]
    eps = bn_param.get("eps", 1e-5)
    momentum = bn_param.get("momentum", 0.1)
    running_mean = bn_param["running_mean"]
    running_var = bn_param["running_var"]
    N, D = x.shape

    out, cache = None, None
    if mode == "train":
        sample_mean = np.mean(x, axis=0)
        sample_var = np.var(x, axis=0)
        x_hat = (x - sample_mean) / np.sqrt(sample_var + eps)
        out = gamma * x_hat + beta
        cache = (x, x_hat, sample_mean, sample_var, gamma, eps)
        running_mean = (1 - momentum) * running_mean + momentum * sample_mean
        running_var = (1 - momentum) * running_var + momentum * sample_var * N / (N - 1)
    elif mode == "test":
        x_hat = (x - running_mean) / np.sqrt(running_var + eps)
        out = gamma * x_hat + beta
    else:
        raise ValueError(f'Invalid forward batchnorm mode "{mode}"')

    return out, cache, running_mean, running_var


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    bn_param = {
        "mode": "train" if training else "test",
        "eps": eps,
        "momentum": momentum,
        "running_mean": running_mean.copy(),
        "running_var": running_var.copy(),
    }
    out, _, new_mean, new_var = batchnorm_forward(x, gamma, beta, bn_param)
    return out, new_mean, new_var
