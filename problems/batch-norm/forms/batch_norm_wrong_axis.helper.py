# Wrong: a per-row normalising helper (copied from layer norm) reused for batch norm.
import numpy as np


def _row_stats(x):
    mean = x.mean(axis=-1)[:, None]
    var = x.var(axis=-1)[:, None]
    return mean, var, x.shape[-1]


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean, var, count = _row_stats(x)
        unbiased = var * count / (count - 1)
        new_mean = momentum * mean + (1.0 - momentum) * running_mean
        new_var = momentum * unbiased + (1.0 - momentum) * running_var
    else:
        mean, var = running_mean, running_var
        new_mean, new_var = np.array(running_mean), np.array(running_var)
    out = (x - mean) / np.sqrt(var + eps) * gamma + beta
    return out, new_mean, new_var
