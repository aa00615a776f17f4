# Wrong: "use batch statistics whenever there is more than one sample": eval batches too.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    n = x.shape[0]
    if training or n > 1:
        mean, var = x.mean(0), x.var(0)
        rm = (1 - momentum) * running_mean + momentum * mean
        rv = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    else:
        mean, var, rm, rv = running_mean, running_var, running_mean, running_var
    return gamma * (x - mean) / np.sqrt(var + eps) + beta, rm, rv
