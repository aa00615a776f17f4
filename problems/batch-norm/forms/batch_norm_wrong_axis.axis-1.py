# Wrong: statistics per sample over its features (axis 1): this is layer norm.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        mean = np.mean(x, axis=1, keepdims=True)
        var = np.var(x, axis=1, keepdims=True)
        d = x.shape[1]
        running_mean = (1 - momentum) * running_mean + momentum * mean
        running_var = (1 - momentum) * running_var + momentum * var * d / (d - 1)
    else:
        mean, var = running_mean, running_var
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, running_mean, running_var
